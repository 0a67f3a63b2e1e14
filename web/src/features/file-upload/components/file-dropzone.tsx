import { MAX_FILES_PER_UPLOAD } from '@vetconsult/schema/files';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { formatFileSize } from '../../../lib/case-display';
import { ACCEPT_ATTRIBUTE, addFiles } from '../../../lib/file-rules';

export interface FileDropzoneProps {
  files: File[];
  onChange(files: File[]): void;
  /** Per-file limit in bytes. */
  maxBytes: number;
  maxFiles?: number;
  label?: string;
  /** The accessible name of the file input (default "Choose {label}"). */
  inputLabel?: string;
  description?: string;
  disabled?: boolean;
}

/**
 * Drag-and-drop uploader (SPEC §5 "File uploader"): files are dropped on the zone or chosen with the
 * Browse button, listed with their size, and removed one by one. Files beyond the maximum are dropped.
 */
export function FileDropzone({
  files,
  onChange,
  maxBytes,
  maxFiles = MAX_FILES_PER_UPLOAD,
  label = 'Diagnostic Files',
  inputLabel,
  description = 'Radiographs, lab results, images, videos, DICOM studies or PDFs.',
  disabled = false,
}: FileDropzoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const headingId = useId();
  const hintId = useId();
  const problemsId = useId();
  const full = files.length >= maxFiles;

  const take = (incoming: File[]) => {
    if (incoming.length === 0) return;
    const result = addFiles(files, incoming, maxBytes, maxFiles);
    setProblems(result.problems);
    if (result.accepted.length !== files.length) onChange(result.accepted);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    take(Array.from(event.dataTransfer.files));
  };

  const remove = (index: number) => {
    setProblems([]);
    onChange(files.filter((_, i) => i !== index));
  };

  const maxMb = Math.round(maxBytes / (1024 * 1024));

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </h3>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target only; the browse button is the keyboard path */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="file-dropzone"
        className={`mt-2 flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors ${
          dragging
            ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-950/40'
            : 'border-slate-300 bg-slate-50/60 dark:border-slate-700 dark:bg-slate-900/40'
        }`}
      >
        <Icon name="arrow-up-tray" className="size-9 text-slate-400 dark:text-slate-500" />
        {/* Where the main pointer is a finger (phones, tablets) there is no dragging: the one button says what
            it does and is a finger's size (its picker also offers the camera). */}
        <p className="text-sm text-slate-700 dark:text-slate-200">
          <span className="pointer-coarse:hidden">
            <span className="font-medium">Drag and drop files here</span> or{' '}
          </span>
          <button
            type="button"
            disabled={disabled || full}
            onClick={() => inputRef.current?.click()}
            aria-describedby={hintId}
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 disabled:cursor-not-allowed disabled:opacity-60 dark:text-brand-400 dark:hover:text-brand-300 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center pointer-coarse:rounded-lg pointer-coarse:border pointer-coarse:border-slate-300 pointer-coarse:bg-white pointer-coarse:px-5 pointer-coarse:text-slate-800 pointer-coarse:no-underline pointer-coarse:shadow-sm dark:pointer-coarse:border-slate-700 dark:pointer-coarse:bg-slate-900 dark:pointer-coarse:text-slate-100"
          >
            <span className="pointer-coarse:hidden">browse files</span>
            <span className="hidden pointer-coarse:inline">Choose files</span>
          </button>
        </p>
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {description} Up to {maxFiles} files, {maxMb} MB each.
        </p>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          aria-label={inputLabel ?? `Choose ${label.toLowerCase()}`}
          className="hidden"
          disabled={disabled}
          onChange={(event) => {
            take(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </div>
      {problems.length > 0 ? (
        <ul id={problemsId} role="alert" className="mt-2 space-y-1 text-sm text-red-700 dark:text-red-400">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ul
          className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          aria-label="Selected files"
        >
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="flex items-center gap-3 px-3 py-2">
              <Icon name="document" className="size-5 shrink-0 text-slate-400" strokeWidth={1.5} />
              <span className="min-w-0 flex-1 truncate text-sm text-slate-800 dark:text-slate-100">{file.name}</span>
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{formatFileSize(file.size)}</span>
              <button
                type="button"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                className="shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-red-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-red-400"
              >
                <Icon name="x-mark-solid" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {files.length === 1 ? '1 file selected' : `${files.length} files selected`}
      </p>
    </section>
  );
}
