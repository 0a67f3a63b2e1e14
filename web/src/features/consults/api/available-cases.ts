import { POLLING_MS } from '@vetconsult/schema/values';
import { graphql } from '../../../gql/gql';
import { availableCasesChangedSubscription } from '../../../lib/live/subscriptions';
import { useLiveQuery } from '../../../lib/live-query';

const availableCasesQuery = graphql(`
  query AvailableCases {
    availableCases {
      id
      uuid
      displayId
      title
      label
      species
      breed
      specialty
      createdAt
      status
      specialistId
      routing
      urgency
      dueAt
      overdue
      vet {
        id
        name
        clinicName
      }
    }
  }
`);

/** Kept live for an approved specialist; only approved specialists may subscribe to the event. */
export function useAvailableCases(approved: boolean) {
  return useLiveQuery(availableCasesQuery, {
    subscription: availableCasesChangedSubscription,
    pollMs: POLLING_MS.availableCases,
    live: approved,
  });
}
