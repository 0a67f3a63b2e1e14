import { POLLING_MS } from '@vetconsult/schema/values';
import { graphql } from '../../../gql/gql';
import type { CaseStatusFilter } from '../../../gql/graphql';
import { caseListHolds } from '../../../lib/live/events';
import { myCasesChangedSubscription } from '../../../lib/live/subscriptions';
import { useLiveQuery } from '../../../lib/live-query';

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
      unreadMessages
      urgency
      dueAt
      overdue
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

/** The user's cases for the search and tab, kept live by their case events (a refetch only when needed). */
export function useMyCases(search: string, status: CaseStatusFilter) {
  return useLiveQuery(myCasesQuery, {
    variables: { search: search || null, status, first: CONSULTS_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
    subscription: myCasesChangedSubscription,
    pollMs: POLLING_MS.cases,
    // A listed case that changed status in place (accepted, reviewed) updates from the event alone.
    eventInCache: (event, current) => caseListHolds(event.myCasesChanged, current.myCases, status),
  });
}
