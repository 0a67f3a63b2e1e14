import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql/gql';

// A specialist accepts an available case from a list: the consult list's Available Cases card or the
// specialist view. Each list names the queries to refetch; the case detail has its own mutation,
// which returns the whole detail.

const acceptAvailableCaseMutation = graphql(`
  mutation AcceptAvailableCase($uuid: String!) {
    acceptCase(uuid: $uuid) {
      id
      uuid
      status
      statusLabel
      acceptedAt
    }
  }
`);

export function useAcceptAvailableCase(refetchQueries: string[]) {
  return useMutation(acceptAvailableCaseMutation, { refetchQueries });
}
