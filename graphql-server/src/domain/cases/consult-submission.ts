import { randomUUID } from 'node:crypto';
import { type ConsultSubmissionInput, consultSubmissionSchema } from '@vetconsult/schema/consult';
import { type Case, type Payment, Prisma } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { conflict, forbidden } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import { changedTerms, pricedTermsOf } from '../payments/frozen-price';
import type { Fees } from '../payments/pricing';
import { activateWithPayment } from '../payments/settlement';
import { caseWhere, type DbOrTx } from './case-access';
import { publishCaseChange } from './case-events';
import type { FileStore } from './case-files';
import { transition, writeAtVersion } from './case-lifecycle';
import { assertVeterinarian, isRevisit } from './cases.rules';
import type { MultipartIntake } from './files';
import { assertChoosableSpecialist, assertRoutedUrgencyAllowed } from './specialist-choice';

// SPEC §7 POST /api/cases (and GraphQL submitConsult): which case a final submission completes and
// what it may change (issue 21 item 1). A draft or unpaid case takes the submitted fields; a paid case
// is never rewritten — the submit that finishes the payment flow only attaches its files, and only when
// it asks for what was paid for; a revisit is never turned into a consult; a payment completes only
// its own case. A succeeded payment sent with the submission activates the case through settlement,
// which verifies it against the case as just written.

export const PAYMENT_OF_ANOTHER_CASE = 'This payment belongs to another consult';
export const REVISIT_IS_NOT_A_CONSULT = 'This case is a revisit: it is changed from its revisit, not as a new consult';
export const PAID_CASE_IS_FIXED =
  'This consult has already been paid: its specialty, specialist and formulation can no longer be changed';
export const ALREADY_SUBMITTED = 'This consult has already been submitted';

export type SubmissionPlan =
  | { mode: 'create' }
  /** A draft or unpaid case: the submitted fields are written. */
  | { mode: 'write'; target: Case }
  /** A paid case: nothing is written but the files. */
  | { mode: 'files'; target: Case };

/**
 * The case columns a submission writes (the specialist checked by the caller). Issue 19: a consult sent
 * to the first available specialist has no specialist and 'first_available' routing; activation offers
 * it to the specialty (notify's case_activated).
 */
export function consultColumns(data: ConsultSubmissionInput) {
  const firstAvailable = data.firstAvailable === true;
  return {
    specialty: data.specialty,
    species: data.species,
    patientName: data.patientName,
    familyLastName: data.familyLastName,
    contactEmail: data.contactEmail,
    submittingDvm: data.submittingDvm,
    dateOfBirth: data.dateOfBirth ?? null,
    sex: data.sex,
    breed: data.breed ?? null,
    spayNeuterStatus: data.spayNeuterStatus ?? null,
    age: data.age,
    ageUnit: data.ageUnit,
    clinicalSigns: data.clinicalSigns,
    questions: data.questions,
    specialistId: firstAvailable ? null : (data.specificSpecialistId ?? null),
    routing: firstAvailable ? ('first_available' as const) : ('named' as const),
    termsAccepted: true,
    nutritionComplex: data.nutritionComplex ?? false,
    urgency: data.urgency ?? 'routine',
    ...(data.specialistResponses ? { specialistResponses: data.specialistResponses } : {}),
  };
}

export async function planSubmission(
  db: Db,
  actor: Actor,
  data: ConsultSubmissionInput,
  payment: Payment | null,
): Promise<SubmissionPlan> {
  const named = data.caseId ? await db.case.findUnique({ where: caseWhere(data.caseId) }) : null;
  if (payment && named && named.id !== payment.caseId) throw conflict(PAYMENT_OF_ANOTHER_CASE);
  const target = payment ? await db.case.findUnique({ where: { id: payment.caseId } }) : named;
  if (!target) return { mode: 'create' };
  if (target.vetId !== actor.id) throw forbidden('You can only submit your own consults');
  if (isRevisit(target)) throw conflict(REVISIT_IS_NOT_A_CONSULT);
  if (target.status === 'draft' || target.status === 'pending_payment') return { mode: 'write', target };
  if (target.status !== 'pending') throw conflict(ALREADY_SUBMITTED);
  if (payment && target.stripePaymentIntentId !== payment.providerPaymentIntentId) {
    throw conflict(PAYMENT_OF_ANOTHER_CASE);
  }
  // The same frozen facts the payment was priced on: none may differ from what was paid for.
  const asked = { ...target, ...consultColumns(data) };
  const changed = changedTerms(
    pricedTermsOf({ kase: target, currency: '' }),
    pricedTermsOf({ kase: asked, currency: '' }),
  );
  if (changed.length > 0) throw conflict(PAID_CASE_IS_FIXED);
  return { mode: 'files', target };
}

/** A succeeded payment of this veterinarian, or null when the id names none (the case then stays unpaid). */
export async function paymentFor(db: DbOrTx, actor: Actor, paymentIntentId: string | undefined) {
  if (!paymentIntentId) return null;
  const payment = await db.payment.findUnique({ where: { providerPaymentIntentId: paymentIntentId } });
  if (!payment) return null;
  if (payment.userId !== actor.id) throw forbidden('This payment does not belong to you');
  return payment;
}

export interface SubmissionDeps {
  db: Db;
  events: EventBus;
  files: FileStore;
  /** The prices settlement verifies a payment against. */
  fees: Fees;
}

export function createConsultSubmission(deps: SubmissionDeps) {
  const { db, events, files, fees } = deps;

  /** Writes the submitted fields over a draft or unpaid case, which then awaits payment. */
  async function rewrite(tx: DbOrTx, target: Case, fields: ReturnType<typeof consultColumns>) {
    const changes = { ...fields, specialistResponses: fields.specialistResponses ?? Prisma.DbNull };
    const row =
      target.status === 'draft'
        ? await transition(tx, target, 'pending_payment', changes)
        : await writeAtVersion(tx, target, changes);
    if (!row) throw conflict('This consult was changed meanwhile. Please try again.');
    return row;
  }

  return {
    /**
     * SPEC §7 POST /api/cases, the final submission of a consult. The case is the one paid for (the
     * payment names it), else the veterinarian's draft or unpaid case named by caseId, else a new one
     * (planSubmission decides, and what a paid case may still take). It is activated only by a
     * succeeded payment of this veterinarian that settlement verifies against the case as written.
     */
    async submitConsult(actor: Actor | null, intake: MultipartIntake): Promise<Case> {
      const who = requireActor(actor);
      assertVeterinarian(who);
      const data = parseInput(consultSubmissionSchema, intake.fields);
      await assertChoosableSpecialist(db, data.specificSpecialistId, data.specialty);
      const payment = await paymentFor(db, who, data.paymentIntentId);
      const plan = await planSubmission(db, who, data, payment);
      if (plan.mode === 'files') {
        // A paid case is never rewritten: the submit that ends the payment flow only adds its files.
        const { target } = plan;
        await files.withStoredFiles(target.uuid, intake, 'input', who.id, (tx, rows) =>
          files.createFileRows(tx, target.id, rows),
        );
        if (intake.files.length > 0) publishCaseChange(events, target, 'file_added');
        return target;
      }
      const target = plan.mode === 'write' ? plan.target : null;
      const fields = consultColumns(data);
      await assertRoutedUrgencyAllowed(db, fields, new Date());
      const caseUuid = target?.uuid ?? randomUUID();
      const { kase, activated } = await files.withStoredFiles(caseUuid, intake, 'input', who.id, async (tx, rows) => {
        const row = target
          ? await rewrite(tx, target, fields)
          : await tx.case.create({ data: { ...fields, uuid: caseUuid, vetId: who.id, status: 'pending_payment' } });
        await files.createFileRows(tx, row.id, rows);
        const active =
          payment?.status === 'succeeded' ? await activateWithPayment(tx, payment, row.id, { fees }) : null;
        return { kase: active ?? row, activated: active !== null };
      });
      publishCaseChange(events, kase, activated ? 'activated' : intake.files.length > 0 ? 'file_added' : 'updated');
      return kase;
    },
  };
}
