import { useApolloClient, useSubscription } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';
import { dashboardStatsQuery } from './dashboard-stats';

const dashboardStatsChangedSubscription = graphql(`
  subscription DashboardStatsChanged {
    dashboardStatsChanged {
      activeCount
      completedThisWeek
      pendingCount
    }
  }
`);

/** Writes each recomputed set of stats into the cache, so the cards update without a request. */
export function useDashboardStatsChanged() {
  const client = useApolloClient();
  useSubscription(dashboardStatsChangedSubscription, {
    onData: ({ data }) => {
      const stats = data.data?.dashboardStatsChanged;
      if (stats) client.cache.writeQuery({ query: dashboardStatsQuery, data: { dashboardStats: stats } });
    },
  });
}
