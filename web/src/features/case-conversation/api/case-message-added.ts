import { graphql } from '../../../gql/gql';

export const caseMessageAddedSubscription = graphql(`
  subscription CaseMessageAdded($uuid: String!) {
    caseMessageAdded(caseUuid: $uuid) {
      ...CaseMessageFields
    }
  }
`);

/** The other side read the thread: the "seen" marker moves. */
export const caseMessagesReadSubscription = graphql(`
  subscription CaseMessagesRead($uuid: String!) {
    caseMessagesRead(caseUuid: $uuid) {
      userId
      lastReadMessageId
      at
    }
  }
`);
