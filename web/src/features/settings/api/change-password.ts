import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const changePasswordMutation = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input)
  }
`);

export function useChangePassword() {
  return useMutation(changePasswordMutation);
}
