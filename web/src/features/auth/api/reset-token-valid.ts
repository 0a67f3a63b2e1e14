import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const resetTokenValidQuery = graphql(`
  query ResetTokenValid($token: String!) {
    resetTokenValid(token: $token)
  }
`);

export function useResetTokenValid(token: string) {
  return useQuery(resetTokenValidQuery, { variables: { token }, fetchPolicy: 'network-only' });
}
