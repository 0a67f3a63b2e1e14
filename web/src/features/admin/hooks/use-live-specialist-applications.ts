import { POLLING_MS } from '@vetconsult/schema/values';
import { useAuth } from '../../../lib/auth/auth-context';
import { pendingSpecialistsChangedSubscription } from '../../../lib/live/subscriptions';
import { useLiveQuery } from '../../../lib/live-query';
import { specialistApplicationsQuery } from '../api/specialist-applications';

/**
 * Specialist applications kept current: refetched on every pendingSpecialistsChanged event, and polled
 * every 30 s (SPEC §9) only while the subscription socket is down. Someone other than the administrator
 * gets the server's refusal once, without a subscription or polling.
 */
export function useLiveSpecialistApplications(includeApproved: boolean) {
  const { user } = useAuth();
  return useLiveQuery(specialistApplicationsQuery, {
    variables: { includeApproved },
    fetchPolicy: 'cache-and-network',
    subscription: pendingSpecialistsChangedSubscription,
    pollMs: POLLING_MS.pendingSpecialists,
    live: user?.role === 'ADMIN',
  });
}
