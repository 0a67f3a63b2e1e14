import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const revokeAccessTokenMutation = graphql(`
  mutation RevokeAccessToken($id: Int!) {
    revokeAccessToken(id: $id)
  }
`);

export function useRevokeAccessToken() {
  return useMutation(revokeAccessTokenMutation, { refetchQueries: ['MyAccessTokens'] });
}
