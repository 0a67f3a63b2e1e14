import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const myAccessTokensQuery = graphql(`
  query MyAccessTokens {
    myAccessTokens {
      id
      name
      scope
      prefix
      createdAt
      expiresAt
      lastUsedAt
    }
  }
`);

/** The signed-in user's personal access tokens that are not revoked, newest first. */
export function useMyAccessTokens() {
  return useQuery(myAccessTokensQuery, { fetchPolicy: 'cache-and-network' });
}
