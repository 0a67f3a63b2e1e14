import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const availableCasesQuery = graphql(`
  query AvailableCases {
    availableCases {
      id
      uuid
      displayId
      title
      label
      species
      breed
      specialty
      createdAt
      vet {
        id
        name
        clinicName
      }
    }
  }
`);

export function useAvailableCases() {
  return useQuery(availableCasesQuery);
}
