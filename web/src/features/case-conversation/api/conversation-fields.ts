import { graphql } from '../../../gql/gql';

/** A message as the thread shows it; every operation of the thread selects it. */
export const caseMessageFieldsFragment = graphql(`
  fragment CaseMessageFields on CaseMessage {
    id
    body
    createdAt
    authorId
    author {
      id
      name
    }
    attachments {
      id
      originalName
      fileType
      fileSize
      url
    }
  }
`);

/**
 * What the reader may do and how far each side has read. `case { id unreadMessages }` lets Apollo update
 * the unread badge of the cached case wherever a list shows it.
 */
export const conversationFieldsFragment = graphql(`
  fragment ConversationFields on CaseConversation {
    caseUuid
    state
    writable
    note
    closesAt
    participant
    unreadMessages
    myLastReadMessageId
    counterpartLastReadMessageId
    counterpartReadAt
    case {
      id
      unreadMessages
    }
    originalCase {
      id
      uuid
      displayId
    }
    latestRevisit {
      id
      uuid
      displayId
      label
    }
  }
`);
