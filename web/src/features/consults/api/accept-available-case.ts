import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

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

export function useAcceptAvailableCase() {
  return useMutation(acceptAvailableCaseMutation, { refetchQueries: ['AvailableCases', 'MyConsults'] });
}
