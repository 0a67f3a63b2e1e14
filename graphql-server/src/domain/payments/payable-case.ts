import type { PaymentTypeValue } from '@vetconsult/schema/payment';
import type { Urgency } from '@vetconsult/schema/turnaround';
import type { Db } from '../../lib/db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../actor';
import { caseWhere } from '../cases/case-access';
import { NOT_AUTHORIZED_TO_REVISIT, REVISIT_NEEDS_REVIEWED } from '../cases/cases.rules';
import { paymentKind, pricedTermsOf, prospectiveRevisit } from './frozen-price';
import { clinicCurrency, type Fees } from './pricing';

// What a case is paid as: the server decides from the case as it is saved, not from what the client says.

const NOT_YOUR_CASE = 'You can only pay for your own cases';

export async function caseToPay(
  ctx: { db: Db; fees: Fees },
  payer: Actor,
  ref: string | number,
  requested: PaymentTypeValue,
  /** The urgency chosen for a revisit paid before it exists (a saved case carries its own). */
  revisitUrgency?: Urgency,
) {
  const kase = await ctx.db.case.findUnique({
    where: caseWhere(ref),
    include: { vet: { select: { clinicAddress: true } } },
  });
  if (!kase) throw notFound('Case not found');
  if (kase.vetId !== payer.id) throw forbidden(requested === 'revisit' ? NOT_AUTHORIZED_TO_REVISIT : NOT_YOUR_CASE);
  const currency = clinicCurrency(ctx.fees, kase.vet.clinicAddress);
  if (kase.status === 'pending_payment') {
    const terms = pricedTermsOf({ kase, currency });
    return { kase, terms, type: paymentKind(terms) };
  }
  // A revisit is paid before it exists: the payment names the reviewed case being reopened, and the
  // revisit created with it (POST /api/cases/revisit) is activated by it.
  if (requested === 'revisit') {
    if (kase.status !== 'reviewed') throw conflict(REVISIT_NEEDS_REVIEWED);
    const terms = pricedTermsOf({ kase: prospectiveRevisit(kase, revisitUrgency), currency });
    return { kase, terms, type: paymentKind(terms) };
  }
  if (kase.status === 'draft') throw conflict('Please continue to payment from the consultation form first');
  throw conflict('This case has already been paid');
}
