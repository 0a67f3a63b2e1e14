import { caseMessageSchema } from '@vetconsult/schema/messages';
import type { Db } from '../../lib/db/client';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import type { MultipartIntake } from '../cases/files';
import type { createAttachmentStore } from './attachments';
import { conversationEventFacts, loadConversationCase } from './conversation-case';
import { type MessageRow, messageInclude } from './message-row';
import { assertCanWrite, counterpartOf } from './messages.rules';
import type { MessageNotifier, ThreadViewers } from './notify';
import { advanceReadMarker } from './read-state';

// Sending a message (GraphQL sendCaseMessage, REST POST /api/cases/{uuid}/messages): the rules first,
// then the attachments are stored, then one insert writes the message with its files, and the author's
// read marker moves to it (their own message is read). The notification seam is called inside the
// message's transaction. After commit: the event (which also wakes the job queue), thumbnails.

export interface SendMessageDeps {
  db: Db;
  events: EventBus;
  logger: Logger;
  attachments: ReturnType<typeof createAttachmentStore>;
  viewers: ThreadViewers;
  notifyRecipient: MessageNotifier;
  afterFilesStored?: (fileKeys: string[]) => unknown;
  now: () => Date;
}

export function createSendMessage(deps: SendMessageDeps) {
  const { db, events, attachments } = deps;

  return async function sendMessage(actor: Actor | null, ref: string | number, intake: MultipartIntake) {
    const who = requireActor(actor);
    const kase = await loadConversationCase(db, ref);
    assertCanWrite(who, kase, deps.now());
    const { body } = parseInput(caseMessageSchema, {
      body: intake.fields.body,
      attachmentCount: intake.files.length,
    });
    const rows = await attachments.store(kase.uuid, intake.files, who.id);
    const recipientId = counterpartOf(who, kase);
    let message: MessageRow;
    try {
      // One transaction writes the message with its files and, for a recipient not viewing the thread,
      // its notification (the seam, notify.ts): a message that does not commit notifies nobody.
      message = await db.$transaction(async (tx) => {
        const created = await tx.caseMessage.create({
          data: {
            caseId: kase.id,
            authorId: who.id,
            body,
            ...(rows.length > 0
              ? { attachments: { createMany: { data: rows.map((row) => ({ ...row, caseId: kase.id })) } } }
              : {}),
          },
          include: messageInclude,
        });
        if (recipientId !== null) {
          await deps.notifyRecipient(
            {
              messageId: created.id,
              caseId: kase.id,
              caseUuid: kase.uuid,
              authorId: who.id,
              recipientId,
              recipientIsViewing: deps.viewers.isViewing(recipientId, kase.uuid),
              at: Date.now(),
            },
            tx,
          );
        }
        return created;
      });
    } catch (error) {
      await attachments.remove(rows.map((row) => row.s3Key));
      throw error;
    }
    // Committed: the other side is told first, then the rest.
    const at = Date.now();
    events.publish('caseMessages.added', {
      ...conversationEventFacts(kase),
      messageId: message.id,
      authorId: who.id,
      at,
    });
    if (rows.length > 0) deps.afterFilesStored?.(rows.map((row) => row.s3Key));
    // The author has read their own message. Outside the insert: a marker is monotonic and only ever
    // behind, never wrong, if this step were lost.
    await advanceReadMarker(db, { caseId: kase.id, userId: who.id, messageId: message.id, at: message.createdAt });
    return message;
  };
}
