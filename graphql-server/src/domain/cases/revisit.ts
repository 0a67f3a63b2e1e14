import { randomUUID } from 'node:crypto';
import { revisitSchema } from '@vetconsult/schema/consult';
import type { Case } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import type { Fees } from '../payments/pricing';
import { activateWithPayment } from '../payments/settlement';
import { CASE_NOT_FOUND, caseWhere } from './case-access';
import { publishCaseChange } from './case-events';
import type { FileStore } from './case-files';
import { assertCanRevisit, nextRevisitNumber, patientOf, revisitNumberOf } from './cases.rules';
import { paymentFor } from './consult-submission';
import type { MultipartIntake } from './files';
import { assertChoosableSpecialist, assertUrgencyAllowed } from './specialist-choice';

// SPEC §7 POST /api/cases/revisit: the case's own veterinarian reopens a reviewed case. The new case
// links to the original (originalCaseId), to the first case of the chain (baseUuid) and carries
// N = revisitNumber = revisionNumber, numbered along the chain. It waits for payment like a consult; a
// revisit payment made before the revisit existed (it names the original) activates it here.

export function createRevisits(deps: { db: Db; events: EventBus; files: FileStore; fees: Fees }) {
  const { db, events, files, fees } = deps;

  return {
    async createRevisit(actor: Actor | null, intake: MultipartIntake): Promise<Case> {
      const who = requireActor(actor);
      const data = parseInput(revisitSchema, intake.fields);
      const original = await db.case.findUnique({ where: caseWhere(data.originalCaseUuid) });
      if (!original) throw notFound(CASE_NOT_FOUND);
      assertCanRevisit(who, original);
      const specialistId = data.specialistId ?? original.specialistId;
      await assertChoosableSpecialist(db, specialistId, original.specialty, 'specialistId');
      const urgency = data.urgency ?? 'routine';
      await assertUrgencyAllowed(db, urgency, specialistId, new Date());
      const payment = await paymentFor(db, who, data.paymentIntentId);
      const baseUuid = original.baseUuid ?? original.uuid;
      const uuid = randomUUID();
      const { kase, activated } = await files.withStoredFiles(uuid, intake, 'input', who.id, async (tx, rows) => {
        // Serialise revisits of one chain so that two never get the same number.
        await tx.$queryRaw`SELECT id FROM cases WHERE uuid = ${baseUuid}::uuid FOR UPDATE`;
        const chain = await tx.case.findMany({
          where: { OR: [{ baseUuid }, { uuid: baseUuid }] },
          select: { originalCaseId: true, revisitNumber: true, baseUuid: true, revisionNumber: true },
        });
        const n = nextRevisitNumber(chain.map(revisitNumberOf));
        const row = await tx.case.create({
          data: {
            uuid,
            baseUuid,
            originalCaseId: original.id,
            revisitNumber: n,
            revisionNumber: n,
            vetId: who.id,
            specialistId,
            specialty: original.specialty,
            ...patientOf(original),
            clinicalSigns: data.clinicalSigns,
            questions: data.questions,
            termsAccepted: true,
            urgency,
            status: 'pending_payment',
          },
        });
        await files.createFileRows(tx, row.id, rows);
        const usable =
          payment?.status === 'succeeded' &&
          payment.activatedAt === null &&
          (payment.caseId === original.id || payment.caseId === row.id);
        const active = payment && usable ? await activateWithPayment(tx, payment, row.id, { fees }) : null;
        return { kase: active ?? row, activated: active !== null };
      });
      publishCaseChange(events, kase, activated ? 'activated' : 'revisited');
      return kase;
    },
  };
}
