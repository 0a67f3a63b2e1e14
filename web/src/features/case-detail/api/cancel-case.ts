import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

// Issue 19: the veterinarian cancels a paid consult no specialist has accepted; the server refunds it.
const cancelCaseMutation = graphql(`
  mutation CancelCaseDetail($uuid: String!, $reason: String) {
    cancelCase(uuid: $uuid, reason: $reason) {
      ...CaseDetailFields
    }
  }
`);

export function useCancelCase() {
  return useMutation(cancelCaseMutation);
}
