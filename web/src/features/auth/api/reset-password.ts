import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const resetPasswordMutation = graphql(`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input)
  }
`);

export function useResetPassword() {
  return useMutation(resetPasswordMutation);
}
