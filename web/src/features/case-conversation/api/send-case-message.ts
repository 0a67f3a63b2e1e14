import { graphql } from '../../../gql/gql';

/** A text message; messages with files go through REST multipart (send-message-with-files.ts). */
export const sendCaseMessageMutation = graphql(`
  mutation SendCaseMessage($uuid: String!, $body: String!) {
    sendCaseMessage(caseUuid: $uuid, body: $body) {
      ...CaseMessageFields
    }
  }
`);
