import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const revokeAnyAccessTokenMutation = graphql(`
  mutation RevokeAnyAccessToken($id: Int!) {
    revokeAnyAccessToken(id: $id)
  }
`);

export function useRevokeAnyAccessToken() {
  return useMutation(revokeAnyAccessTokenMutation, { refetchQueries: ['AllAccessTokens'] });
}
