import type { Prisma } from '../../generated/prisma/client';
import type { Logger } from '../../lib/logger';

// THE NOTIFICATION SEAM of the case conversation (issue 15 -> issue 14).
//
// Every committed message reaches its recipient in two ways. The live one is the `caseMessages.added`
// event (lib/events.ts), which the thread's subscribers and the unread badges receive. The other, for a
// recipient who is not looking at the thread, is a notification (domain/notifications: in-app, e-mail,
// push): send-message.ts calls its `notifyRecipient` dependency once per recipient INSIDE the message's
// transaction, with that transaction, like every other notify() call (issue 14): a message that rolls back
// notifies nobody, and one that commits cannot lose its notification; if it throws, the message is not
// sent. services.ts passes the one that writes a `message_received` notification (and its delivery job)
// for a recipient not viewing the thread; `notifyMessageRecipient` below is the default of a service built
// without it (tests).
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
  /** When the message was written (epoch ms). */
  at: number;
}

/** Called in the message's transaction, with it: writes through `tx` only. */
export type MessageNotifier = (notice: MessageNotice, tx: Prisma.TransactionClient) => unknown;

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
