import type { Logger } from '../../lib/logger';

// THE NOTIFICATION SEAM of the case conversation (issue 15 -> issue 14).
//
// Every committed message reaches its recipient in two ways. The live one is the `caseMessages.added`
// event (lib/events.ts), which the thread's subscribers and the unread badges receive. The other, for a
// recipient who is not looking at the thread, is a notification (domain/notifications: in-app, e-mail,
// push): messages.service.ts calls its `notifyRecipient` dependency once per recipient after the
// message's transaction commits, off the request path; it must not throw. services.ts passes the one
// that writes a `message_received` notification; `notifyMessageRecipient` below is the default of a
// service built without it (tests).
// `recipientIsViewing` is true while the recipient has the thread open with a live connection to this
// server instance (a caseMessageAdded subscription); with several instances behind Redis, a shared
// presence would be needed to know that across instances.

export interface MessageNotice {
  messageId: number;
  caseId: number;
  caseUuid: string;
  authorId: number;
  recipientId: number;
  /** The recipient has the thread open right now (on this instance): the message is in front of them. */
  recipientIsViewing: boolean;
  /** Commit time (epoch ms). */
  at: number;
}

export type MessageNotifier = (notice: MessageNotice) => unknown;

/** The default notifier of a messages service built without one: logs that a notification would be due. */
export function notifyMessageRecipient(notice: MessageNotice, deps: { logger: Logger }): void {
  if (notice.recipientIsViewing) return;
  deps.logger.debug(
    { caseUuid: notice.caseUuid, messageId: notice.messageId, recipientId: notice.recipientId },
    'conversation message for a recipient who is not viewing the thread (notifications: issue 14)',
  );
}

/**
 * Who has which thread open on this instance: counted per user and case while their caseMessageAdded
 * subscription runs (several tabs of one user share one subscription; see graphql/shared-subscriptions.ts).
 */
export function createThreadViewers() {
  const viewing = new Map<string, number>();
  const key = (userId: number, caseUuid: string) => `${userId}:${caseUuid}`;
  return {
    /** Counts the user in; the returned function counts them out (once). */
    enter(userId: number, caseUuid: string): () => void {
      const k = key(userId, caseUuid);
      viewing.set(k, (viewing.get(k) ?? 0) + 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const n = (viewing.get(k) ?? 1) - 1;
        if (n > 0) viewing.set(k, n);
        else viewing.delete(k);
      };
    },
    isViewing: (userId: number, caseUuid: string): boolean => viewing.has(key(userId, caseUuid)),
  };
}

export type ThreadViewers = ReturnType<typeof createThreadViewers>;
