import { useApolloClient, useSubscription } from '@apollo/client/react';
import { POLLING_MS } from '@vetconsult/schema/values';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import type { PollableQuery } from '../../../lib/live/fallback';
import { useLiveFallback } from '../../../lib/live-query';
import type { SocketStatus } from '../../../lib/socket-status';
import { caseConversationQuery } from '../api/case-conversation';
import { caseMessageAddedSubscription, caseMessagesReadSubscription } from '../api/case-message-added';
import { caseMessagesSinceQuery } from '../api/case-messages-since';
import { markCaseReadMutation } from '../api/mark-case-read';
import { mergeConversation, mergeMessages, type ThreadConversation, type ThreadMessage } from './thread-messages';

// One case's thread, kept live: the newest page first, then older history on demand; new messages from
// caseMessageAdded while the socket is up; with the socket down, a catch-up every 30 s (the cases'
// interval) asks for what follows the newest message held, and once more when the socket returns. Every
// path goes through one merge by message id, so nothing shows twice.

const PAGE_SIZE = 30;
const CATCH_UP_PAGE = 100;
/** A message committed while the first page and the subscription were both starting is caught up here. */
const SETTLE_CATCH_UP_MS = 1500;

export interface Thread {
  status: 'loading' | 'error' | 'ready';
  error: string | null;
  messages: ThreadMessage[];
  conversation: ThreadConversation | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** The first message that was unread when the thread opened (the "New messages" line), if any. */
  firstUnreadId: number | null;
  socket: SocketStatus;
  loadOlder(): Promise<void>;
  retry(): void;
  /** A message this reader just sent (the answer of the send). */
  add(message: ThreadMessage): void;
  /** The reader has seen the thread up to this message. */
  markRead(upTo: number): void;
}

export function useThread(uuid: string, caseStatus: string, viewerId: number): Thread {
  const client = useApolloClient();
  const [status, setStatus] = useState<Thread['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [messages, setMessages] = useState<ThreadMessage[]>([]);
  const [conversation, setConversation] = useState<ThreadConversation | null>(null);
  const [older, setOlder] = useState<{ has: boolean; cursor: string | null; loading: boolean }>({
    has: false,
    cursor: null,
    loading: false,
  });
  const [firstUnreadId, setFirstUnreadId] = useState<number | null>(null);
  const newest = useRef(0);
  newest.current = messages.at(-1)?.id ?? 0;
  const catching = useRef<Promise<void> | null>(null);
  const marking = useRef(0);

  const add = useCallback((incoming: readonly ThreadMessage[]) => {
    setMessages((current) => mergeMessages(current, incoming));
  }, []);
  const know = useCallback((next: ThreadConversation) => {
    setConversation((previous) => mergeConversation(previous, next));
  }, []);

  const load = useCallback(async () => {
    setStatus('loading');
    setError(null);
    try {
      const { data } = await client.query({
        query: caseConversationQuery,
        variables: { uuid, last: PAGE_SIZE },
        fetchPolicy: 'network-only',
      });
      if (!data) throw new Error('No data');
      const page = data.caseMessages;
      add(page.messages);
      know(data.caseConversation);
      setOlder({ has: page.pageInfo.hasPreviousPage, cursor: page.pageInfo.startCursor ?? null, loading: false });
      const lastRead = data.caseConversation.myLastReadMessageId ?? 0;
      const unread = data.caseConversation.participant
        ? page.messages.find((message) => message.id > lastRead && message.authorId !== viewerId)
        : undefined;
      setFirstUnreadId(unread?.id ?? null);
      setStatus('ready');
    } catch (failure) {
      setError(serverErrorMessage(failure) ?? 'Please check your connection and try again.');
      setStatus('error');
    }
  }, [add, client, know, uuid, viewerId]);

  /** Reads what follows the newest message held, page after page, and the conversation's state. */
  const catchUp = useCallback(() => {
    catching.current ??= (async () => {
      try {
        let after: string | null = newest.current ? String(newest.current) : null;
        for (let pages = 0; pages < 20; pages++) {
          const { data } = await client.query({
            query: caseMessagesSinceQuery,
            variables: { uuid, after, first: CATCH_UP_PAGE },
            fetchPolicy: 'network-only',
          });
          if (!data) return;
          know(data.caseConversation);
          add(data.caseMessages.messages);
          if (!data.caseMessages.pageInfo.hasNextPage) return;
          after = data.caseMessages.pageInfo.endCursor ?? after;
        }
      } catch {
        // Offline or the server is away: the next poll or the reconnect tries again.
      } finally {
        catching.current = null;
      }
    })();
    return catching.current;
  }, [add, client, know, uuid]);

  useEffect(() => {
    void load();
  }, [load]);

  useSubscription(caseMessageAddedSubscription, {
    variables: { uuid },
    onData: ({ data }) => {
      const message = data.data?.caseMessageAdded;
      if (message) add([message]);
    },
  });
  useSubscription(caseMessagesReadSubscription, {
    variables: { uuid },
    onData: ({ data }) => {
      const read = data.data?.caseMessagesRead;
      if (!read) return;
      setConversation((previous) => {
        if (!previous) return previous;
        if (read.userId === viewerId) {
          return {
            ...previous,
            myLastReadMessageId: Math.max(previous.myLastReadMessageId ?? 0, read.lastReadMessageId),
          };
        }
        if ((previous.counterpartLastReadMessageId ?? 0) >= read.lastReadMessageId) return previous;
        return {
          ...previous,
          counterpartLastReadMessageId: read.lastReadMessageId,
          counterpartReadAt: new Date(read.at).toISOString(),
        };
      });
    },
  });

  // Socket down: poll by catching up; socket back: catch up once (lib/live-query.ts).
  const pollTimer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const controls = useMemo<PollableQuery>(
    () => ({
      startPolling: (intervalMs) => {
        clearInterval(pollTimer.current);
        pollTimer.current = setInterval(() => void catchUp(), intervalMs);
      },
      stopPolling: () => clearInterval(pollTimer.current),
      refetch: () => catchUp(),
    }),
    [catchUp],
  );
  useEffect(() => () => clearInterval(pollTimer.current), []);
  const socket = useLiveFallback(controls, POLLING_MS.cases, status === 'ready');

  useEffect(() => {
    if (status !== 'ready') return;
    const timer = setTimeout(() => void catchUp(), SETTLE_CATCH_UP_MS);
    return () => clearTimeout(timer);
  }, [status, catchUp]);

  // The case moved on (accepted, reviewed) while the thread was open: whether it may be written changed.
  const seenStatus = useRef(caseStatus);
  useEffect(() => {
    if (seenStatus.current === caseStatus) return;
    seenStatus.current = caseStatus;
    if (status === 'ready') void catchUp();
  }, [caseStatus, status, catchUp]);

  const loadOlder = useCallback(async () => {
    if (!older.has || older.loading) return;
    setOlder((current) => ({ ...current, loading: true }));
    try {
      const { data } = await client.query({
        query: caseConversationQuery,
        variables: { uuid, last: PAGE_SIZE, before: older.cursor },
        fetchPolicy: 'network-only',
      });
      if (!data) throw new Error('No data');
      add(data.caseMessages.messages);
      const info = data.caseMessages.pageInfo;
      setOlder({ has: info.hasPreviousPage, cursor: info.startCursor ?? older.cursor, loading: false });
    } catch {
      setOlder((current) => ({ ...current, loading: false }));
    }
  }, [add, client, older, uuid]);

  const markRead = useCallback(
    (upTo: number) => {
      if (!conversation?.participant) return;
      if ((conversation.myLastReadMessageId ?? 0) >= upTo || marking.current >= upTo) return;
      marking.current = upTo;
      client
        .mutate({ mutation: markCaseReadMutation, variables: { uuid, upTo } })
        .then(({ data }) => {
          if (data) know(data.markCaseRead);
        })
        .catch(() => {
          marking.current = 0;
        });
    },
    [client, conversation, know, uuid],
  );

  return {
    status,
    error,
    messages,
    conversation,
    hasOlder: older.has,
    loadingOlder: older.loading,
    firstUnreadId,
    socket,
    loadOlder,
    retry: () => void load(),
    add: (message) => add([message]),
    markRead,
  };
}
