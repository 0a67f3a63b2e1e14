import { graphql } from '../../../gql/gql';

/**
 * The thread as it opens (its newest messages, `last` before a cursor) or its older history (`before` the
 * oldest shown), with what the reader may do.
 */
export const caseConversationQuery = graphql(`
  query CaseConversation($uuid: String!, $last: Int!, $before: String) {
    caseConversation(caseUuid: $uuid) {
      ...ConversationFields
    }
    caseMessages(caseUuid: $uuid, last: $last, before: $before) {
      messages {
        ...CaseMessageFields
      }
      pageInfo {
        hasPreviousPage
        startCursor
      }
    }
  }
`);
