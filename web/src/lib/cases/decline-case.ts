import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql/gql';

// Issue 19: the specialist a pending case is assigned to declines it with a reason, from the case page or
// the Available Cases list (so the mutation lives here, shared). The case goes back to its veterinarian;
// the specialist no longer reads it, so the answer is the decline, not the case.

const declineCaseMutation = graphql(`
  mutation DeclineCase($uuid: String!, $reason: String!) {
    declineCase(uuid: $uuid, reason: $reason) {
      uuid
      status
      reason
      declinedAt
    }
  }
`);

export function useDeclineCase(refetchQueries: string[] = []) {
  return useMutation(declineCaseMutation, { refetchQueries });
}
