import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const requestPasswordResetMutation = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`);

export function useRequestPasswordReset() {
  return useMutation(requestPasswordResetMutation);
}
