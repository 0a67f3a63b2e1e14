import {
  caseMessageSchema,
  MESSAGE_BODY_MAX,
  MESSAGE_FILE_MAX_BYTES,
  MESSAGE_FILES_MAX,
  MESSAGE_TOO_LONG,
} from '@vetconsult/schema/messages';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { formatFileSize } from '../../../lib/case-display';
import { ACCEPT_ATTRIBUTE, addFiles } from '../../../lib/file-rules';

// Writing a message: Enter sends, Shift+Enter starts a new line (not while an input method is composing).
// Where the main pointer is a finger (phones, tablets) the keyboard has no Shift+Enter, so there Enter
// starts a new line and the send button sends, as in the messaging apps of those devices. Ctrl/Cmd+Enter
// sends everywhere (a tablet's keyboard).
// Files are attached with the paper clip or dropped anywhere on the thread (the panel passes them in),
// checked by the case-file rules (type, size, count) before they travel, and sent with a progress bar.

export interface ComposerFiles {
  files: File[];
  problems: string[];
}

interface MessageComposerProps {
  attachments: ComposerFiles;
  onAttachmentsChange(next: ComposerFiles): void;
  onSend(body: string, files: File[], onProgress: (fraction: number) => void): Promise<void>;
  placeholder: string;
}

/** Adds files under the message's case-file rules; what is refused is said in `problems`. */
export function withFiles(current: File[], incoming: File[]): ComposerFiles {
  const { accepted, problems } = addFiles(current, incoming, MESSAGE_FILE_MAX_BYTES, MESSAGE_FILES_MAX);
  return { files: accepted, problems };
}

export function MessageComposer({ attachments, onAttachmentsChange, onSend, placeholder }: MessageComposerProps) {
  const [body, setBody] = useState('');
  const [sending, setSending] = useState<{ progress: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const { files, problems } = attachments;
  const parsed = caseMessageSchema.safeParse({ body, attachmentCount: files.length });
  const length = body.trim().length;

  const submit = async () => {
    if (sending) return;
    if (!parsed.success) {
      // An empty message is simply not sent; a long one is explained.
      if (length > MESSAGE_BODY_MAX) setError(MESSAGE_TOO_LONG);
      return;
    }
    setError(null);
    setSending({ progress: files.length > 0 ? 0 : null });
    try {
      await onSend(parsed.data.body, files, (progress) => setSending({ progress }));
      setBody('');
      onAttachmentsChange({ files: [], problems: [] });
      textarea.current?.focus();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to send the message');
    } finally {
      setSending(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    const sendKey = event.ctrlKey || event.metaKey || !window.matchMedia('(pointer: coarse)').matches;
    if (!sendKey) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {files.length > 0 ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Files to send">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-slate-300 bg-white py-1 pr-1 pl-2.5 text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            >
              <Icon name="paper-clip" className="size-3.5 shrink-0 text-slate-500" />
              <span className="min-w-0 truncate">{file.name}</span>
              <span className="shrink-0 text-slate-500 dark:text-slate-400">{formatFileSize(file.size)}</span>
              <button
                type="button"
                onClick={() => onAttachmentsChange({ files: files.filter((_, i) => i !== index), problems: [] })}
                disabled={sending !== null}
                aria-label={`Remove ${file.name}`}
                className="rounded-full p-0.5 text-slate-500 hover:bg-slate-100 hover:text-red-700 disabled:opacity-50 dark:hover:bg-slate-800 dark:hover:text-red-400"
              >
                <Icon name="x-mark-solid" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problems.length > 0 ? (
        <ul role="alert" className="mb-2 space-y-0.5 text-xs text-red-700 dark:text-red-400">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {sending?.progress !== null && sending ? (
        <div
          role="progressbar"
          aria-label="Sending attachments"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round((sending.progress ?? 0) * 100)}
          className="mb-2 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] dark:bg-brand-400"
            style={{ width: `${Math.round((sending.progress ?? 0) * 100)}%` }}
          />
        </div>
      ) : null}
      <div className="flex items-end gap-2 rounded-2xl border border-slate-300 bg-white p-1.5 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900">
        <button
          type="button"
          onClick={() => picker.current?.click()}
          disabled={sending !== null || files.length >= MESSAGE_FILES_MAX}
          aria-label="Attach files"
          title="Attach files"
          className="flex size-10 shrink-0 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Icon name="paper-clip" className="size-5" />
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          aria-label="Choose files to attach"
          className="hidden"
          onChange={(event) => {
            onAttachmentsChange(withFiles(files, Array.from(event.target.files ?? [])));
            event.target.value = '';
          }}
        />
        <label htmlFor={`${hintId}-body`} className="sr-only">
          Message
        </label>
        <textarea
          id={`${hintId}-body`}
          ref={textarea}
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={placeholder}
          aria-describedby={`${hintId} ${error ? errorId : ''}`.trim()}
          aria-invalid={length > MESSAGE_BODY_MAX || undefined}
          className="field-sizing-content max-h-40 min-h-10 min-w-0 flex-1 resize-none bg-transparent px-1.5 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none dark:text-slate-100 dark:placeholder:text-slate-500"
        />
        <button
          type="submit"
          disabled={!parsed.success || sending !== null}
          aria-label="Send message"
          title="Send message"
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400"
        >
          {sending ? (
            <Spinner className="size-4 text-current dark:text-current" />
          ) : (
            <Icon name="paper-airplane" className="size-5" />
          )}
        </button>
      </div>
      <div className="mt-1 flex items-start justify-between gap-3 px-1 text-xs text-slate-500 dark:text-slate-400">
        <p id={hintId}>
          <span className="pointer-coarse:hidden">Enter to send, Shift+Enter for a new line.</span>
          <span className="hidden sm:inline"> Drop files on the conversation to attach them.</span>
        </p>
        {length > MESSAGE_BODY_MAX - 500 ? (
          <span
            className={`shrink-0 tabular-nums ${length > MESSAGE_BODY_MAX ? 'font-semibold text-red-700 dark:text-red-400' : ''}`}
          >
            {length.toLocaleString('en-US')} / {MESSAGE_BODY_MAX.toLocaleString('en-US')}
          </span>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 px-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
