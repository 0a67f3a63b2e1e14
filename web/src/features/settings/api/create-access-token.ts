import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const createAccessTokenMutation = graphql(`
  mutation CreateAccessToken($input: CreateAccessTokenInput!) {
    createAccessToken(input: $input) {
      token
      accessToken {
        id
        name
      }
    }
  }
`);

/** The secret is in this answer only; the list is refetched (it never holds the secret). */
export function useCreateAccessToken() {
  return useMutation(createAccessTokenMutation, { refetchQueries: ['MyAccessTokens'] });
}
