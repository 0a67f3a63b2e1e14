import { POLLING_MS } from '@vetconsult/schema/values';
import { graphql } from '../../../gql/gql';
import { myCasesChangedSubscription } from '../../../lib/live/subscriptions';
import { useLiveQuery } from '../../../lib/live-query';

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

/** The vet's drafts; a draft that goes to payment or is deleted arrives as a case event. */
export function useDashboardDrafts() {
  return useLiveQuery(dashboardDraftsQuery, { subscription: myCasesChangedSubscription, pollMs: POLLING_MS.drafts });
}
