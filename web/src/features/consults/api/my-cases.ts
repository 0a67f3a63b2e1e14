import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';
import type { CaseStatusFilter } from '../../../gql/graphql';

const myCasesQuery = graphql(`
  query MyConsults($search: String, $status: CaseStatusFilter, $first: Int, $after: String) {
    myCases(search: $search, status: $status, first: $first, after: $after) {
      id
      uuid
      displayId
      title
      label
      isRevisit
      status
      statusLabel
      specialty
      species
      breed
      age
      ageUnit
      createdAt
      acceptedAt
      reviewedAt
      updatedAt
      specialist {
        id
        name
      }
      vet {
        id
        name
        clinicName
      }
    }
  }
`);

export const CONSULTS_PAGE_SIZE = 20;

export function useMyCases(search: string, status: CaseStatusFilter) {
  return useQuery(myCasesQuery, {
    variables: { search: search || null, status, first: CONSULTS_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
}
