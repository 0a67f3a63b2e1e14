import { POLLING_MS } from '@vetconsult/schema/values';
import { graphql } from '../../../gql/gql';
import { dashboardStatsChangedSubscription } from '../../../lib/live/subscriptions';
import { useLiveQuery } from '../../../lib/live-query';

const dashboardStatsQuery = graphql(`
  query DashboardStats {
    dashboardStats {
      activeCount
      completedThisWeek
      pendingCount
      unreadMessages
    }
  }
`);

/** Each event carries the recomputed stats: the cards update from it, without a request. */
export function useDashboardStats() {
  return useLiveQuery(dashboardStatsQuery, {
    notifyOnNetworkStatusChange: false,
    subscription: dashboardStatsChangedSubscription,
    pollMs: POLLING_MS.stats,
    eventData: (event) => ({ dashboardStats: event.dashboardStatsChanged }),
  });
}
