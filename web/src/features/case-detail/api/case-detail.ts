import { POLLING_MS } from '@vetconsult/schema/values';
import { graphql } from '../../../gql/gql';
import { useLiveQuery } from '../../../lib/live-query';

const caseDetailQuery = graphql(`
  query CaseDetail($uuid: String!) {
    case(uuid: $uuid) {
      ...CaseDetailFields
    }
  }
`);

const caseUpdatedSubscription = graphql(`
  subscription CaseDetailUpdated($uuid: String!) {
    caseUpdated(uuid: $uuid) {
      ...CaseDetailFields
    }
  }
`);

/**
 * The case, kept live: each caseUpdated event carries the case as it is after the change (status, files,
 * summary), written to the cache without a request. While the socket is down the case is polled at the
 * cases interval (SPEC §9), and a reconnect refetches it, so a change made meanwhile shows without a reload.
 */
export function useCaseDetail(uuid: string) {
  return useLiveQuery(caseDetailQuery, {
    variables: { uuid },
    subscription: caseUpdatedSubscription,
    subscriptionVariables: { uuid },
    pollMs: POLLING_MS.cases,
    // No case in the event (it no longer exists, or is no longer readable): ask the server.
    eventData: (event) => (event.caseUpdated ? { case: event.caseUpdated } : undefined),
  });
}
