import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const dashboardDraftsQuery = graphql(`
  query DashboardDrafts {
    drafts {
      id
      uuid
      status
      statusLabel
      title
      patientName
      species
      specialty
      updatedAt
    }
  }
`);

export function useDashboardDrafts(skip: boolean) {
  return useQuery(dashboardDraftsQuery, { skip });
}
