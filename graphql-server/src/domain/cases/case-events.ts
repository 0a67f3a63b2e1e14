import type { Case } from '../../generated/prisma/client';
import type { CaseChangeKind, EventBus } from '../../lib/events';

/** The one shape of 'case.changed', published once the change has committed. */
export function publishCaseChange(
  events: EventBus,
  kase: Pick<Case, 'id' | 'uuid' | 'vetId' | 'specialistId' | 'specialty' | 'status'>,
  kind: CaseChangeKind,
): void {
  events.publish('case.changed', {
    caseId: kase.id,
    uuid: kase.uuid,
    vetId: kase.vetId,
    specialistId: kase.specialistId,
    specialty: kase.specialty,
    status: kase.status,
    kind,
    at: Date.now(),
  });
}
