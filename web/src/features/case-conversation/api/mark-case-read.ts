import { graphql } from '../../../gql/gql';

export const markCaseReadMutation = graphql(`
  mutation MarkCaseRead($uuid: String!, $upTo: Int) {
    markCaseRead(caseUuid: $uuid, upToMessageId: $upTo) {
      ...ConversationFields
    }
  }
`);
