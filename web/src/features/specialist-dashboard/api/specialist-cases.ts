import { POLLING_MS } from '@vetconsult/schema/values';
import { graphql } from '../../../gql/gql';
import { caseListHolds } from '../../../lib/live/events';
import { myCasesChangedSubscription } from '../../../lib/live/subscriptions';
import { useLiveQuery } from '../../../lib/live-query';

const specialistCasesQuery = graphql(`
  query SpecialistCases {
    myCases(status: all, first: 100) {
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
      clinicalSigns
      species
      specialty
      createdAt
      acceptedAt
      reviewedAt
      vet {
        id
        name
        clinicName
      }
    }
  }
`);

/** The specialist's assigned cases (the older view reads title, description and vetName), kept live. */
export function useSpecialistCases() {
  return useLiveQuery(specialistCasesQuery, {
    subscription: myCasesChangedSubscription,
    pollMs: POLLING_MS.cases,
    // A listed case updates from the event; a newly assigned one refetches.
    eventInCache: (event, current) => caseListHolds(event.myCasesChanged, current.myCases),
  });
}
