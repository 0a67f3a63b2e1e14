import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const specialistCasesQuery = graphql(`
  query SpecialistCases {
    myCases(status: all, first: 100) {
      id
      uuid
      displayId
      title
      label
      status
      statusLabel
      clinicalSigns
      species
      specialty
      createdAt
      acceptedAt
      reviewedAt
      vet {
        id
        name
        clinicName
      }
    }
  }
`);

/** The specialist's assigned cases (the older view reads title, description and vetName). */
export function useSpecialistCases() {
  return useQuery(specialistCasesQuery);
}
