import { POLLING_MS } from '@vetconsult/schema/values';
import { useAuth } from '../../../lib/auth/auth-context';
import { useLivePolling } from '../../../lib/live-query';
import { usePendingSpecialistsChanged } from '../api/pending-specialists-changed';
import { useSpecialistApplications } from '../api/specialist-applications';

/**
 * Specialist applications kept current: refetched on every pendingSpecialistsChanged event, and polled
 * every 30 s (SPEC §9) only while the subscription socket is down. Someone other than the administrator
 * gets the server's refusal once, without a subscription or polling.
 */
export function useLiveSpecialistApplications(includeApproved: boolean) {
  const { user } = useAuth();
  const isAdmin = user?.role === 'ADMIN';
  const query = useSpecialistApplications(includeApproved);
  usePendingSpecialistsChanged(() => void query.refetch().catch(() => undefined), !isAdmin);
  useLivePolling(query, POLLING_MS.pendingSpecialists, isAdmin);
  return query;
}
