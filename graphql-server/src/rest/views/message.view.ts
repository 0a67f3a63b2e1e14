import type { ConversationInfo } from '../../domain/messages/conversation';
import type { MessageRow } from '../../domain/messages/message-row';
import { messageCursor } from '../../domain/messages/messages-page';
import { toCaseFileView } from './case.view';

// The REST door's views of a message and of a conversation (GraphQL shapes its own in graphql/types).

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toMessageView(message: MessageRow) {
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

export function toConversationView(info: ConversationInfo) {
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
