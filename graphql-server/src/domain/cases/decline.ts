import { declineSchema } from '@vetconsult/schema/turnaround';
import type { Case, CaseDecline } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { conflict, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import { notify } from '../notifications/notify';
import { CASE_NOT_FOUND, caseWhere } from './case-access';
import { publishCaseChange } from './case-events';
import { writeAtVersion } from './case-lifecycle';
import { assertCanDecline, canReadCase } from './cases.rules';

// Issue 19 item D "Decline": the specialist a paid case is assigned to declines it, with a short reason,
// before accepting it. In one transaction the decline is recorded (who, why, when) and the case is
// released (no specialist; named routing), still pending and paid, at the version the specialist saw —
// so a concurrent accept and decline: exactly one applies. The vet is told at once (case.changed
// 'declined', naming the specialist it left so their lists drop it) and moves it to another specialist
// without paying again (reassignment.ts), or cancels it. A specialist who declined a case cannot be
// chosen again for it.

export interface DeclineDeps {
  db: Db;
  events: EventBus;
  now: () => Date;
}

export interface DeclineResult {
  decline: CaseDecline;
  kase: Case;
}

export function createDecline(deps: DeclineDeps) {
  const { db, events, now } = deps;

  return {
    /** POST /api/cases/{uuid}/decline and GraphQL declineCase. */
    async declineCase(actor: Actor | null, ref: string | number, raw: unknown): Promise<DeclineResult> {
      const who = requireActor(actor);
      const kase = await db.case.findUnique({ where: caseWhere(ref) });
      if (!kase || !canReadCase(who, kase)) throw notFound(CASE_NOT_FOUND);
      assertCanDecline(who, kase);
      const { reason } = parseInput(declineSchema, raw ?? {});
      const at = now();
      const result = await db.$transaction(async (tx) => {
        const released = await writeAtVersion(tx, kase, { specialistId: null, routing: 'named' });
        if (!released) return null;
        const decline = await tx.caseDecline.create({
          data: { caseId: kase.id, specialistId: who.id, reason, createdAt: at },
        });
        await notify(tx, { type: 'case_declined', caseId: kase.id, specialistId: who.id, reason });
        return { decline, kase: released };
      });
      if (!result) {
        // Changed meanwhile: accepted by this specialist in another tab, cancelled or moved by the vet.
        const current = await db.case.findUniqueOrThrow({ where: { id: kase.id } });
        assertCanDecline(who, current);
        throw conflict('This case was changed meanwhile. Please try again.');
      }
      publishCaseChange(events, result.kase, 'declined', who.id);
      return result;
    },
  };
}
