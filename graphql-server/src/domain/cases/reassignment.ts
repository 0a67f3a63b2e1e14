import { ROUTING_MESSAGES, reassignSchema } from '@vetconsult/schema/turnaround';
import type { Case } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { badInput, conflict, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import { notify } from '../notifications/notify';
import { CASE_NOT_FOUND, caseWhere } from './case-access';
import { publishCaseChange } from './case-events';
import { writeAtVersion } from './case-lifecycle';
import { assertCanReassign, canReadCase } from './cases.rules';
import { assertChoosableSpecialist, assertUrgencyAllowed } from './specialist-choice';

// Issue 19 item D "Reassign": the veterinarian moves a paid case nobody accepted — declined, or past a
// quarter of its window (specialistNeed in schema/src/urgency.ts) — to another approved specialist of the
// same specialty, or to the first available one. No new payment: the price depends on the specialty,
// urgency and kind, which a move keeps (frozen-price.ts), and the activated case is never settled again.
// The due time stays as fixed at activation (the promise was made then; the vet is told how much is left).
// STAT keeps its rule: only to a specialist available now (assertUrgencyAllowed, as at submission).

export interface ReassignmentDeps {
  db: Db;
  events: EventBus;
  now: () => Date;
}

export function createReassignment(deps: ReassignmentDeps) {
  const { db, events, now } = deps;

  /** The chosen specialist: approved, of the case's specialty, not the current one, never one who declined. */
  async function assertEligible(kase: Case, specialistId: number) {
    await assertChoosableSpecialist(db, specialistId, kase.specialty, 'specialistId');
    if (kase.specialistId === specialistId) throw badInput(ROUTING_MESSAGES.sameSpecialist, 'specialistId');
    const declined = await db.caseDecline.count({ where: { caseId: kase.id, specialistId } });
    if (declined > 0) throw badInput(ROUTING_MESSAGES.declinedSpecialist, 'specialistId');
  }

  return {
    /** POST /api/cases/{uuid}/reassign and GraphQL reassignCase. */
    async reassignCase(actor: Actor | null, ref: string | number, raw: unknown): Promise<Case> {
      const who = requireActor(actor);
      const kase = await db.case.findUnique({ where: caseWhere(ref) });
      if (!kase || !canReadCase(who, kase)) throw notFound(CASE_NOT_FOUND);
      const at = now();
      assertCanReassign(who, kase, at);
      const input = parseInput(reassignSchema, raw ?? {});
      const specialistId = input.firstAvailable ? null : (input.specialistId ?? null);
      if (specialistId === null) {
        await assertUrgencyAllowed(db, kase.urgency, null, at, kase.specialty, 'specialistId');
      } else {
        await assertEligible(kase, specialistId);
        await assertUrgencyAllowed(db, kase.urgency, specialistId, at, null, 'specialistId');
      }
      // The new specialist (or the specialty) is told in the same transaction as the move.
      const moved = await db.$transaction(async (tx) => {
        const written = await writeAtVersion(tx, kase, {
          specialistId,
          routing: specialistId === null ? 'first_available' : 'named',
        });
        if (written) await notify(tx, { type: 'case_activated', caseId: written.id });
        return written;
      });
      if (!moved) {
        const current = await db.case.findUniqueOrThrow({ where: { id: kase.id } });
        assertCanReassign(who, current, at);
        throw conflict('This consult was changed meanwhile. Please try again.');
      }
      publishCaseChange(events, moved, 'reassigned', kase.specialistId);
      return moved;
    },
  };
}
