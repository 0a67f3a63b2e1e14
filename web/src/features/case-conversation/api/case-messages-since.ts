import { graphql } from '../../../gql/gql';

/** Catching up: what follows the newest message shown (after a reconnect, or each poll while the socket is down). */
export const caseMessagesSinceQuery = graphql(`
  query CaseMessagesSince($uuid: String!, $after: String, $first: Int!) {
    caseConversation(caseUuid: $uuid) {
      ...ConversationFields
    }
    caseMessages(caseUuid: $uuid, first: $first, after: $after) {
      messages {
        ...CaseMessageFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
