import { type ReactNode, useMemo } from 'react';
import { Icon } from '../../../components/ui/icon';
import { formatFileSize } from '../../../lib/case-display';
import { groupByDay, type ThreadMessage, timeLabel } from '../hooks/thread-messages';
import type { useStickToBottom } from '../hooks/use-stick-to-bottom';

// The messages of a thread (role="log", announced politely as they arrive): day separators, the
// reader's own messages on the right, "Seen" under the reader's newest message once the other side has
// read it, a "New messages" line where the unread ones began, and the attachments of each message.

export type Attachment = ThreadMessage['attachments'][number];
export type AttachmentMediaSlot = (file: Attachment) => ReactNode;

interface MessageListProps {
  label: string;
  messages: ThreadMessage[];
  viewerId: number;
  firstUnreadId: number | null;
  /** How far the other participant has read (null: nothing yet, or no other participant). */
  seenUpTo: number | null;
  showSeen: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  scroll: ReturnType<typeof useStickToBottom>;
  attachmentMedia?: AttachmentMediaSlot;
  empty: ReactNode;
}

function AttachmentRow({ file, mine, media }: { file: Attachment; mine: boolean; media?: AttachmentMediaSlot }) {
  return (
    <li
      className={`flex items-center gap-2.5 rounded-xl px-2 py-1.5 ${mine ? 'bg-brand-800 dark:bg-brand-400' : 'bg-white dark:bg-slate-900'}`}
    >
      {media ? media(file) : <Icon name="document" className="size-5 shrink-0" strokeWidth={1.5} />}
      <span className="min-w-0 flex-1">
        <a
          href={file.url}
          download={file.originalName}
          className="block truncate text-sm font-medium underline underline-offset-2 hover:no-underline"
        >
          <span className="sr-only">Download </span>
          {file.originalName}
        </a>
        <span
          className={`text-xs ${mine ? 'text-brand-50 dark:text-slate-900' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {formatFileSize(file.fileSize)}
        </span>
      </span>
    </li>
  );
}

function MessageBubble({
  message,
  mine,
  showAuthor,
  status,
  media,
}: {
  message: ThreadMessage;
  mine: boolean;
  showAuthor: boolean;
  status: 'Seen' | 'Sent' | null;
  media?: AttachmentMediaSlot;
}) {
  const author = mine ? 'You' : (message.author?.name ?? 'Former user');
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-message-id={message.id}>
      <div className={`flex max-w-[88%] flex-col sm:max-w-[75%] ${mine ? 'items-end' : 'items-start'}`}>
        {showAuthor ? (
          <p aria-hidden="true" className="mb-0.5 px-1 text-xs font-medium text-slate-600 dark:text-slate-300">
            {author}
          </p>
        ) : null}
        <div
          className={`rounded-2xl px-3.5 py-2 text-sm shadow-sm ${
            mine
              ? 'rounded-br-md bg-brand-700 text-white dark:bg-brand-500 dark:text-slate-950'
              : 'rounded-bl-md bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
          }`}
        >
          <span className="sr-only">
            {author}, {timeLabel(message.createdAt)}:{' '}
          </span>
          {message.body ? (
            <p data-testid="message-body" className="break-words whitespace-pre-wrap">
              {message.body}
            </p>
          ) : null}
          {message.attachments.length > 0 ? (
            <ul className={`space-y-1.5 ${message.body ? 'mt-2' : ''}`} aria-label="Attachments">
              {message.attachments.map((file) => (
                <AttachmentRow key={file.id} file={file} mine={mine} media={media} />
              ))}
            </ul>
          ) : null}
        </div>
        <p
          aria-hidden={status ? undefined : true}
          className="mt-0.5 px-1 text-[11px] text-slate-500 dark:text-slate-400"
        >
          <time dateTime={message.createdAt}>{timeLabel(message.createdAt)}</time>
          {status ? (
            <span
              data-testid="seen-marker"
              className={status === 'Seen' ? 'font-medium text-brand-700 dark:text-brand-300' : ''}
            >
              {' · '}
              {status}
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}

export function MessageList({
  label,
  messages,
  viewerId,
  firstUnreadId,
  seenUpTo,
  showSeen,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  scroll,
  attachmentMedia,
  empty,
}: MessageListProps) {
  const groups = useMemo(() => groupByDay(messages), [messages]);
  const myNewest = useMemo(
    () => [...messages].reverse().find((m) => m.authorId === viewerId)?.id ?? null,
    [messages, viewerId],
  );
  return (
    <div className="relative">
      <div
        ref={scroll.ref}
        onScroll={scroll.onScroll}
        role="log"
        aria-live="polite"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
        tabIndex={0}
        className="h-[26rem] max-h-[60vh] overflow-y-auto overscroll-contain rounded-xl bg-slate-50/70 px-2.5 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-4 dark:bg-slate-950/40"
      >
        {hasOlder ? (
          <div className="mb-3 flex justify-center">
            <button
              type="button"
              onClick={onLoadOlder}
              disabled={loadingOlder}
              className="rounded-full border border-slate-300 bg-white px-3 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              {loadingOlder ? 'Loading earlier messages...' : 'Load earlier messages'}
            </button>
          </div>
        ) : null}
        {messages.length === 0 ? empty : null}
        {groups.map((group) => (
          <div key={group.key} className="mb-3 last:mb-0">
            <div className="my-3 flex items-center gap-3" data-testid="day-separator">
              <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
              <span className="text-xs font-medium text-slate-500 dark:text-slate-400">{group.label}</span>
              <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
            </div>
            <ol className="space-y-2.5">
              {group.messages.map((message, index) => {
                const mine = message.authorId === viewerId;
                const previous = group.messages[index - 1];
                const status =
                  showSeen && message.id === myNewest ? ((seenUpTo ?? 0) >= message.id ? 'Seen' : 'Sent') : null;
                return [
                  message.id === firstUnreadId ? (
                    <li key="unread" className="flex items-center gap-3 py-1">
                      <span aria-hidden="true" className="h-px flex-1 bg-brand-500/60" />
                      <span className="text-xs font-semibold text-brand-700 dark:text-brand-300">New messages</span>
                      <span aria-hidden="true" className="h-px flex-1 bg-brand-500/60" />
                    </li>
                  ) : null,
                  <MessageBubble
                    key={message.id}
                    message={message}
                    mine={mine}
                    showAuthor={previous?.authorId !== message.authorId}
                    status={status}
                    media={attachmentMedia}
                  />,
                ];
              })}
            </ol>
          </div>
        ))}
      </div>
      {scroll.newBelow > 0 ? (
        <button
          type="button"
          onClick={scroll.scrollToBottom}
          className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white shadow-lg hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400"
        >
          <Icon name="arrow-down" className="size-3.5" />
          {scroll.newBelow === 1 ? '1 new message' : `${scroll.newBelow} new messages`}
        </button>
      ) : null}
    </div>
  );
}
