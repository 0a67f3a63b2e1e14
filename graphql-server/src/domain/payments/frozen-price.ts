import type { PaymentTypeValue } from '@vetconsult/schema/payment';
import type { Case } from '../../generated/prisma/client';
import { isRevisit } from '../cases/cases.rules';

// Issue 21 item 1: what is priced is frozen when the payment intent is created. Each entry below reads
// one priced fact from the case (and the clinic's currency); the intent records them all on the payment
// row (Payment.pricedTerms), and activation compares them with the case as it is then: any change after
// the intent needs a new intent. Urgency (issue 19) is one entry like the others.
//
// One move changes a frozen fact without a new payment: reassignment after a decline or a slow start
// (issue 19 item D). It happens only on an *activated* case (status pending, payment already claimed),
// which settlement never looks at again — settlement verifies only pending_payment cases, once, in the
// transaction that claims the payment. So the terms here stay the truth of what was paid for at
// activation, and the reassignment rule (domain/cases/reassignment.ts) keeps what the price depends on:
// the same specialty, urgency and kind.

/** The case columns the frozen facts are read from. */
export type PricedCase = Pick<
  Case,
  | 'specialty'
  | 'specialistId'
  | 'nutritionComplex'
  | 'originalCaseId'
  | 'revisitNumber'
  | 'baseUuid'
  | 'revisionNumber'
  | 'patientName'
  | 'familyLastName'
  | 'species'
  | 'urgency'
>;

export interface TermsSource {
  kase: PricedCase;
  /** The clinic's currency (lower case), see pricing.ts. */
  currency: string;
}

type Term = string | number | boolean | null;

const FROZEN_TERMS = {
  kind: ({ kase }) => (isRevisit(kase) ? 'revisit' : 'consultation'),
  specialty: ({ kase }) => kase.specialty,
  specialistId: ({ kase }) => kase.specialistId,
  // A revisit's fee has no formulation surcharge: the flag does not price it.
  nutritionComplex: ({ kase }) => !isRevisit(kase) && kase.nutritionComplex,
  // A revisit stays a revisit of its original case and patient.
  originalCaseId: ({ kase }) => (isRevisit(kase) ? kase.originalCaseId : null),
  patient: ({ kase }) =>
    isRevisit(kase) ? JSON.stringify([kase.patientName, kase.familyLastName, kase.species]) : null,
  currency: ({ currency }) => currency.toLowerCase(),
  // Issue 19: the urgency's fee is priced, and its window starts at activation.
  urgency: ({ kase }) => kase.urgency,
} satisfies Record<string, (source: TermsSource) => Term>;

export type TermName = keyof typeof FROZEN_TERMS;
export type PricedTerms = { [K in TermName]: ReturnType<(typeof FROZEN_TERMS)[K]> };

export function pricedTermsOf(source: TermsSource): PricedTerms {
  return Object.fromEntries(
    Object.entries(FROZEN_TERMS).map(([name, read]) => [name, (read as (s: TermsSource) => Term)(source)]),
  ) as PricedTerms;
}

/** The frozen facts that differ between what was priced and the case now (empty: the same). */
export function changedTerms(priced: unknown, now: PricedTerms): TermName[] {
  const recorded = (priced && typeof priced === 'object' ? priced : {}) as Record<string, unknown>;
  return (Object.keys(FROZEN_TERMS) as TermName[]).filter((name) => (recorded[name] ?? null) !== now[name]);
}

export const paymentKind = (terms: PricedTerms): PaymentTypeValue => terms.kind as PaymentTypeValue;

/**
 * A revisit is paid before it exists (the payment names the reviewed case): it is priced as the revisit
 * POST /api/cases/revisit creates from that case — same specialty, specialist and patient — at the urgency
 * chosen on the revisit form.
 */
export function prospectiveRevisit(original: Case & { id: number }, urgency: Case['urgency'] = 'routine'): PricedCase {
  return {
    ...original,
    urgency,
    originalCaseId: original.id,
    revisitNumber: Math.max(original.revisitNumber, original.revisionNumber) + 1,
    nutritionComplex: false,
  };
}

export const TERMS_CHANGED = 'This consult changed after its price was set. Please review the new price and pay again.';
