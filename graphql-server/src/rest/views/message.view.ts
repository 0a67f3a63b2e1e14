import { z } from 'zod';
import type { ConversationInfo } from '../../domain/messages/conversation';
import type { MessageRow } from '../../domain/messages/message-row';
import { messageCursor } from '../../domain/messages/messages-page';
import { caseFileViewSchema, toCaseFileView } from './case.view';

// The REST door's views of a message and of a conversation (GraphQL shapes its own in graphql/types),
// typed by their schemas (the routes' contract).

const dateTime = z.iso.datetime();

export const messageViewSchema = z
  .object({
    id: z.number().int(),
    cursor: z.string(),
    caseId: z.number().int(),
    body: z.string(),
    author: z
      .object({ id: z.number().int(), name: z.string(), role: z.enum(['VETERINARIAN', 'SPECIALIST', 'ADMIN']) })
      .nullable()
      .describe('null once the author’s account is gone.'),
    createdAt: dateTime,
    editedAt: dateTime.nullable(),
    attachments: z.array(caseFileViewSchema),
  })
  .meta({ id: 'CaseMessage' });
export type MessageView = z.infer<typeof messageViewSchema>;

export const conversationViewSchema = z
  .object({
    caseUuid: z.string(),
    state: z.enum(['not_open', 'open', 'closed']),
    writable: z.boolean(),
    note: z.string().nullable(),
    closesAt: dateTime.nullable(),
    unreadMessages: z.number().int(),
    myLastReadMessageId: z.number().int().nullable(),
    counterpartLastReadMessageId: z.number().int().nullable(),
    counterpartReadAt: dateTime.nullable(),
    originalCaseUuid: z.string().nullable(),
    latestRevisitUuid: z.string().nullable(),
  })
  .meta({ id: 'Conversation' });
export type ConversationView = z.infer<typeof conversationViewSchema>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toMessageView(message: MessageRow): MessageView {
  return {
    id: message.id,
    cursor: messageCursor(message.id),
    caseId: message.caseId,
    body: message.body,
    author: message.author,
    createdAt: message.createdAt.toISOString(),
    editedAt: iso(message.editedAt),
    attachments: message.attachments.map(toCaseFileView),
  };
}

export function toConversationView(info: ConversationInfo): ConversationView {
  return {
    caseUuid: info.caseUuid,
    state: info.state,
    writable: info.writable,
    note: info.note,
    closesAt: iso(info.closesAt),
    unreadMessages: info.unreadMessages,
    myLastReadMessageId: info.myLastReadMessageId,
    counterpartLastReadMessageId: info.counterpartLastReadMessageId,
    counterpartReadAt: iso(info.counterpartReadAt),
    originalCaseUuid: info.originalCase?.uuid ?? null,
    latestRevisitUuid: info.latestRevisit?.uuid ?? null,
  };
}
