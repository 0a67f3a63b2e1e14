import { LIMITS, POLLING_MS } from '@vetconsult/schema/values';
import { graphql } from '../../../gql/gql';
import { caseListHolds } from '../../../lib/live/events';
import { myCasesChangedSubscription } from '../../../lib/live/subscriptions';
import { useLiveQuery } from '../../../lib/live-query';

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
      unreadMessages
      urgency
      dueAt
      overdue
      specialty
      createdAt
      acceptedAt
      reviewedAt
    }
  }
`);

/** The 5 newest cases by creation date (SPEC §9), kept live by the user's case events. */
export function useRecentConsults() {
  return useLiveQuery(recentConsultsQuery, {
    variables: { first: LIMITS.dashboardRecent },
    subscription: myCasesChangedSubscription,
    pollMs: POLLING_MS.cases,
    // A new case refetches (it becomes one of the newest); a listed one updates from the event.
    eventInCache: (event, current) => caseListHolds(event.myCasesChanged, current.myCases),
  });
}
