import { useApolloClient } from '@apollo/client/react';
import { type DragEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { useAuth } from '../../../lib/auth/auth-context';
import { formatDate } from '../../../lib/case-display';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { sendCaseMessageMutation } from '../api/send-case-message';
import { sendMessageWithFiles } from '../api/send-message-with-files';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import { useThread } from '../hooks/use-thread';
import { ConversationNotice } from './conversation-notice';
import { type ComposerFiles, MessageComposer, withFiles } from './message-composer';
import { type AttachmentMediaSlot, MessageList } from './message-list';

// Issue 15: the conversation between a case's veterinarian and its specialist, on the case page for
// both (and read-only for the administrator). Live through the thread's subscriptions, polling while the
// socket is down (hooks/use-thread.ts).

export interface CaseConversationProps {
  uuid: string;
  /** The case's status: when it changes while the page is open, whether the thread is writable is asked again. */
  status: string;
  vetId: number;
  vetName: string;
  specialistName: string | null;
  /** Thumbnail and preview of an attachment (the file viewer feature, composed by the route). */
  attachmentMedia?: AttachmentMediaSlot;
}

export function CaseConversation({
  uuid,
  status,
  vetId,
  vetName,
  specialistName,
  attachmentMedia,
}: CaseConversationProps) {
  const { user } = useAuth();
  const viewerId = user?.id ?? 0;
  const thread = useThread(uuid, status, viewerId);
  const scroll = useStickToBottom(thread.messages, viewerId);
  const client = useApolloClient();
  const [attachments, setAttachments] = useState<ComposerFiles>({ files: [], problems: [] });
  const [dragging, setDragging] = useState(false);
  const conversation = thread.conversation;
  const writable = conversation?.writable ?? false;
  const counterpart = viewerId === vetId ? specialistName : vetName;
  const { markRead } = thread;

  // Read when seen: the reader is at the newest message and the page is in front of them.
  const newestFromOther = [...thread.messages].reverse().find((message) => message.authorId !== viewerId)?.id;
  useEffect(() => {
    if (newestFromOther === undefined || !scroll.isAtBottom) return;
    const mark = () => {
      if (document.visibilityState === 'visible') markRead(newestFromOther);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestFromOther, scroll.isAtBottom, markRead]);

  const send = async (body: string, files: File[], onProgress: (fraction: number) => void) => {
    if (files.length > 0) {
      thread.add(await sendMessageWithFiles(uuid, body, files, onProgress));
      return;
    }
    try {
      const { data } = await client.mutate({ mutation: sendCaseMessageMutation, variables: { uuid, body } });
      if (data) thread.add(data.sendCaseMessage);
    } catch (error) {
      throw new Error(serverErrorMessage(error) ?? 'Failed to send the message. Please check your connection.');
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!writable) return;
    setAttachments((current) => withFiles(current.files, Array.from(event.dataTransfer.files)));
  };

  let body: React.ReactNode;
  if (thread.status === 'loading' && !conversation) {
    body = <LoadingState label="Loading conversation..." />;
  } else if (thread.status === 'error' && !conversation) {
    body = (
      <ErrorState title="Failed to load the conversation" detail={thread.error ?? undefined} onRetry={thread.retry} />
    );
  } else if (conversation) {
    // The administrator reads the exchange of two others; a participant talks with the other one.
    const label = !conversation.participant
      ? `Conversation between ${vetName} and ${specialistName ?? 'the specialist'}`
      : counterpart
        ? `Conversation with ${counterpart}`
        : 'Case conversation';
    body = (
      <>
        {conversation.originalCase ? (
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
            This revisit has its own conversation. The earlier exchange is on the original case{' '}
            <Link
              to={`/consults/${conversation.originalCase.uuid}`}
              className="font-mono font-medium text-brand-700 hover:underline dark:text-brand-300"
            >
              #{conversation.originalCase.displayId}
            </Link>
            .
          </p>
        ) : null}
        <MessageList
          label={label}
          messages={thread.messages}
          viewerId={viewerId}
          firstUnreadId={thread.firstUnreadId}
          seenUpTo={conversation.counterpartLastReadMessageId ?? null}
          showSeen={conversation.participant}
          hasOlder={thread.hasOlder}
          loadingOlder={thread.loadingOlder}
          onLoadOlder={() => void thread.loadOlder()}
          scroll={scroll}
          attachmentMedia={attachmentMedia}
          empty={
            <p className="px-4 py-16 text-center text-sm text-slate-500 dark:text-slate-400">
              {writable
                ? `No messages yet. Ask ${counterpart ?? 'the other side'} a question or share a file.`
                : 'No messages yet.'}
            </p>
          }
        />
        {writable ? (
          <MessageComposer
            attachments={attachments}
            onAttachmentsChange={setAttachments}
            onSend={send}
            placeholder={counterpart ? `Message ${counterpart}` : 'Write a message'}
          />
        ) : (
          <ConversationNotice
            conversation={conversation}
            caseUuid={uuid}
            canRevisit={user?.role === 'VETERINARIAN' && viewerId === vetId}
          />
        )}
      </>
    );
  }

  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby={`conversation-${uuid}`}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target only; the paper clip is the keyboard path */}
      <div
        onDragOver={(event) => {
          if (!writable) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="conversation-dropzone"
        className={`rounded-xl transition-shadow ${dragging ? 'ring-2 ring-brand-500 ring-offset-4 ring-offset-white dark:ring-offset-slate-900' : ''}`}
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2
            id={`conversation-${uuid}`}
            className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
          >
            <Icon name="chat-bubbles" className="size-5 text-brand-700 dark:text-brand-300" />
            Conversation
          </h2>
          <div className="flex items-center gap-2">
            {conversation?.state === 'open' && conversation.closesAt ? (
              <span className="text-xs text-slate-500 dark:text-slate-400">
                Open until {formatDate(conversation.closesAt)}
              </span>
            ) : null}
            {conversation?.state === 'closed' ? (
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                Read-only
              </span>
            ) : null}
            <LiveIndicator />
          </div>
        </div>
        {counterpart && conversation?.participant ? (
          <p className="-mt-2 mb-3 text-sm text-slate-600 dark:text-slate-400">With {counterpart}</p>
        ) : null}
        {dragging ? <p className="sr-only">Drop the files to attach them to your message</p> : null}
        {body}
      </div>
    </Card>
  );
}
