import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const allUsersQuery = graphql(`
  query AllUsers {
    users {
      id
      name
      email
      username
      role
      approved
      specialty
      clinicName
      clinicAddress
      timezone
      createdAt
      stripeCustomerId
      stripeCustomerSynced
    }
  }
`);

export function useAllUsers() {
  return useQuery(allUsersQuery, { fetchPolicy: 'cache-and-network' });
}
