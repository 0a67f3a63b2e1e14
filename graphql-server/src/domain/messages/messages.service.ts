import { caseMessagesPageSchema, markCaseReadSchema } from '@vetconsult/schema/messages';
import type { CaseStatus } from '../../generated/prisma/enums';
import type { Db } from '../../lib/db/client';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../lib/storage';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import { createAttachmentStore } from './attachments';
import { describeConversation } from './conversation';
import { conversationEventFacts, loadConversationCase } from './conversation-case';
import { messageInclude } from './message-row';
import { assertCanMarkRead, assertCanReadConversation, assertCanWrite, isParticipant } from './messages.rules';
import { readMessagesPage } from './messages-page';
import { createThreadViewers, type MessageNotifier, notifyMessageRecipient } from './notify';
import { advanceReadMarker, createUnreadLoader, unreadByCase, unreadTotal } from './read-state';
import { createSendMessage } from './send-message';

// The case conversation's use cases (issue 15), the same functions for the GraphQL door
// (graphql/types/messages.ts), the REST door (rest/messages.routes.ts) and the subscriptions. Every
// permission comes from messages.rules.ts; each job lives in its own file beside this one.

export interface MessagesServiceDeps {
  db: Db;
  storage: Storage;
  events: EventBus;
  logger: Logger;
  /** Runs after the rows of newly stored attachments commit (thumbnails); must not throw. */
  afterFilesStored?: (fileKeys: string[]) => unknown;
  /** The notification seam (notify.ts); by default it only records that a notification is due. */
  notifyRecipient?: MessageNotifier;
  now?: () => Date;
}

export function createMessagesService(deps: MessagesServiceDeps) {
  const { db, events } = deps;
  const now = deps.now ?? (() => new Date());
  const viewers = createThreadViewers();
  const attachments = createAttachmentStore(deps);

  async function readable(actor: Actor | null, ref: string | number) {
    const who = requireActor(actor);
    const kase = await loadConversationCase(db, ref);
    assertCanReadConversation(who, kase);
    return { who, kase };
  }

  const service = {
    sendMessage: createSendMessage({
      ...deps,
      attachments,
      viewers,
      notifyRecipient: deps.notifyRecipient ?? ((notice) => notifyMessageRecipient(notice, deps)),
      now,
    }),

    /** caseMessages / GET .../messages: the ids of one page (oldest to newest) and its page info. */
    async page(actor: Actor | null, ref: string | number, raw: unknown) {
      const { kase } = await readable(actor, ref);
      const input = parseInput(caseMessagesPageSchema, raw ?? {});
      return { caseId: kase.id, ...(await readMessagesPage(db, kase.id, input)) };
    },

    /** The page with its messages (author and attachments), for the REST door. */
    async listMessages(actor: Actor | null, ref: string | number, raw: unknown) {
      const page = await service.page(actor, ref, raw);
      const messages = await db.caseMessage.findMany({
        where: { id: { in: page.ids } },
        orderBy: { id: 'asc' },
        include: messageInclude,
      });
      return { ...page, messages };
    },

    /** caseConversation / the REST thread: may the reader write, why not, read markers, linked threads. */
    async conversation(actor: Actor | null, ref: string | number) {
      const { who, kase } = await readable(actor, ref);
      return describeConversation(db, who, kase, now());
    },

    /**
     * markCaseRead / POST .../messages/read: moves the reader's marker up to a message of this thread (by
     * default its newest; never back, never past its newest), then tells the other side ("seen").
     */
    async markRead(actor: Actor | null, ref: string | number, raw: unknown) {
      const who = requireActor(actor);
      const kase = await loadConversationCase(db, ref);
      assertCanMarkRead(who, kase);
      const { upToMessageId } = parseInput(markCaseReadSchema, raw ?? {});
      const target = await db.caseMessage.findFirst({
        where: { caseId: kase.id, ...(upToMessageId !== undefined ? { id: { lte: upToMessageId } } : {}) },
        orderBy: { id: 'desc' },
        select: { id: true },
      });
      if (target) {
        const at = now();
        const moved = await advanceReadMarker(db, { caseId: kase.id, userId: who.id, messageId: target.id, at });
        if (moved) {
          events.publish('caseMessages.read', {
            ...conversationEventFacts(kase),
            userId: who.id,
            lastReadMessageId: target.id,
            at: Date.now(),
          });
        }
      }
      return describeConversation(db, who, kase, now());
    },

    /**
     * The REST upload gate: refuses, before a multipart body is read, whoever may not write in this
     * conversation now (the same rule the send applies again).
     */
    async assertCanSend(actor: Actor | null, ref: string | number): Promise<void> {
      const who = requireActor(actor);
      assertCanWrite(who, await loadConversationCase(db, ref), now());
    },

    /**
     * Before a subscription to one thread starts: the reader may read it (else the subscriber gets the
     * error, not data). Returns the case's uuid, the key its events are routed under.
     */
    async openThread(actor: Actor | null, ref: string | number): Promise<string> {
      return (await readable(actor, ref)).kase.uuid;
    },

    /** Counts the reader as viewing the thread while `events` runs (the notification seam asks). */
    watchThread<T>(actor: Actor | null, caseUuid: string, source: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
      if (actor === null) return source;
      const leave = viewers.enter(actor.id, caseUuid);
      return {
        next: () =>
          source.next().then(
            (result) => {
              if (result.done) leave();
              return result;
            },
            (error) => {
              leave();
              throw error;
            },
          ),
        return: (value?: unknown) => {
          leave();
          return source.return?.(value) ?? Promise.resolve({ value: undefined, done: true });
        },
        throw: (error?: unknown) => {
          leave();
          return source.throw?.(error) ?? Promise.reject(error);
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },

    isViewing: viewers.isViewing,

    /** Unread counts of a list of cases, batched per response (Case.unreadMessages). */
    unreadLoader(actor: Actor | null) {
      if (actor === null || actor.role === 'ADMIN') return { load: async (_caseId: number) => 0 };
      return createUnreadLoader(db, actor.id);
    },

    /** Unread messages of one case for a reader who takes part in it (0 for anyone else). */
    async unreadOf(
      actor: Actor | null,
      kase: { id: number; vetId: number; specialistId: number | null; status: CaseStatus },
    ) {
      if (actor === null || !isParticipant(actor, kase)) return 0;
      return (await unreadByCase(db, actor.id, [kase.id])).get(kase.id) ?? 0;
    },

    /** The dashboard's unread count: every conversation the reader takes part in. */
    async unreadTotal(actor: Actor | null): Promise<number> {
      const who = requireActor(actor);
      return who.role === 'ADMIN' ? 0 : unreadTotal(db, who.id);
    },
  };
  return service;
}

export type MessagesService = ReturnType<typeof createMessagesService>;
