import type { Case } from '../../generated/prisma/client';
import type { CaseChangeKind, EventBus } from '../../lib/events';

/** The one shape of 'case.changed', published once the change has committed. */
export function publishCaseChange(
  events: EventBus,
  kase: Pick<Case, 'id' | 'uuid' | 'vetId' | 'specialistId' | 'specialty' | 'status'> & Partial<Pick<Case, 'routing'>>,
  kind: CaseChangeKind,
  /** The specialist the case just left (a decline or a move), so their lists drop it live. */
  previousSpecialistId?: number | null,
): void {
  events.publish('case.changed', {
    caseId: kase.id,
    uuid: kase.uuid,
    vetId: kase.vetId,
    specialistId: kase.specialistId,
    specialty: kase.specialty,
    status: kase.status,
    kind,
    ...(kase.routing ? { routing: kase.routing } : {}),
    ...(previousSpecialistId != null ? { previousSpecialistId } : {}),
    at: Date.now(),
  });
}
