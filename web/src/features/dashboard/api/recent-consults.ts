import { useQuery } from '@apollo/client/react';
import { LIMITS } from '@vetconsult/schema/values';
import { graphql } from '../../../gql/gql';

const recentConsultsQuery = graphql(`
  query RecentConsults($first: Int!) {
    myCases(first: $first, status: all) {
      id
      uuid
      displayId
      title
      label
      status
      statusLabel
      specialty
      createdAt
      acceptedAt
      reviewedAt
    }
  }
`);

/** The 5 newest cases by creation date (SPEC §9). */
export function useRecentConsults() {
  return useQuery(recentConsultsQuery, { variables: { first: LIMITS.dashboardRecent } });
}
