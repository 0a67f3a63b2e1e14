import type { ConsultSubmissionInput } from '@vetconsult/schema/consult';
import type { Actor } from '../../context';
import type { Case, Payment } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { conflict, forbidden } from '../../lib/errors';
import { changedTerms, pricedTermsOf } from '../payments/frozen-price';
import { isRevisit } from './cases.rules';
import { caseWhere } from './cases.service';

// SPEC §7 POST /api/cases (and GraphQL submitConsult): which case a final submission completes and
// what it may change (issue 21 item 1). A draft or unpaid case takes the submitted fields; a paid case
// is never rewritten — the submit that finishes the payment flow only attaches its files, and only when
// it asks for what was paid for; a revisit is never turned into a consult; a payment completes only
// its own case.

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

/** The case columns a submission writes (the specialist checked by the caller). */
export function consultColumns(data: ConsultSubmissionInput, specialistId: number) {
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
    specialistId,
    termsAccepted: true,
    nutritionComplex: data.nutritionComplex ?? false,
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
  const asked = { ...target, ...consultColumns(data, data.specificSpecialistId) };
  const changed = changedTerms(
    pricedTermsOf({ kase: target, currency: '' }),
    pricedTermsOf({ kase: asked, currency: '' }),
  );
  if (changed.length > 0) throw conflict(PAID_CASE_IS_FIXED);
  return { mode: 'files', target };
}
