import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const allAccessTokensQuery = graphql(`
  query AllAccessTokens {
    accessTokens {
      id
      name
      scope
      prefix
      createdAt
      expiresAt
      lastUsedAt
      owner {
        id
        username
        role
      }
    }
  }
`);

/** Every personal access token that is not revoked, with its owner (administrator). */
export function useAllAccessTokens() {
  return useQuery(allAccessTokensQuery, { fetchPolicy: 'cache-and-network' });
}
