import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

export const dashboardStatsQuery = graphql(`
  query DashboardStats {
    dashboardStats {
      activeCount
      completedThisWeek
      pendingCount
    }
  }
`);

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery, { notifyOnNetworkStatusChange: false });
}
