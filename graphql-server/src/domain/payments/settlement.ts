import { COUPON_MESSAGES, FREE_CONSULTATION, PAYMENT_MESSAGES } from '@vetconsult/schema/payment';
import { dueAtFor } from '@vetconsult/schema/turnaround';
import type { Case, Payment } from '../../generated/prisma/client';
import { type Db, isUniqueViolation } from '../../lib/db/client';
import { DomainError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { DbOrTx } from '../cases/case-access';
import { transition } from '../cases/case-lifecycle';
import { notify } from '../notifications/notify';
import { changedTerms, paymentKind, pricedTermsOf, TERMS_CHANGED } from './frozen-price';
import { baseAmount, clinicCurrency, type Fees, feesFor } from './pricing';
import type { Refunds } from './refunds';

// Settlement: the one way a succeeded payment activates a case, whoever reports it first (the confirm
// call, the webhook, the test provider's card step, or a submit carrying the payment). In one
// transaction it claims the payment row (activatedAt null -> now), verifies that the case is still what
// was priced (frozen-price.ts) for the amount paid, counts the coupon redemption under its limit (a
// conditional update), and moves the case pending_payment -> pending at the version it verified, fixing
// its activation time and due time (activation + the urgency's window, issue 19). Any
// refusal rolls all of it back; money captured for a refused activation is recorded as due for refund and
// refunded in full through the provider (refunds.ts, issue 19).

export const FREE_PREFIX = `${FREE_CONSULTATION}:`;

/**
 * A burst of confirmations (webhooks and confirm calls arrive together) waits for a pooled connection
 * instead of failing after Prisma's default 2 s: each activation holds the coupon's row lock briefly.
 */
const SETTLEMENT_TRANSACTION = { maxWait: 30_000, timeout: 30_000 };

/** Activation refused: the case stays unpaid; `message` is what the veterinarian is told. */
export class ActivationRefused extends DomainError {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super('CONFLICT', message);
    this.name = 'ActivationRefused';
  }
}

export interface SettlementRules {
  fees: Fees;
  now?: () => Date;
}

type CaseWithClinic = Case & { vet: { clinicAddress: string | null } };

const loadCase = (db: DbOrTx, id: number) =>
  db.case.findUnique({ where: { id }, include: { vet: { select: { clinicAddress: true } } } });

/**
 * Why this payment cannot activate this case, or null when it can: the payment belongs to the case (or,
 * for a revisit paid before it existed, to its original), the case is still what was priced, and the
 * amount recorded is that price.
 */
function activationRefusal(payment: Payment, kase: CaseWithClinic, fees: Fees): ActivationRefused | null {
  const own = payment.caseId === kase.id || (payment.type === 'revisit' && kase.originalCaseId === payment.caseId);
  if (!own) {
    return new ActivationRefused('This payment belongs to another consult', `payment of case ${payment.caseId}`);
  }
  const terms = pricedTermsOf({ kase, currency: clinicCurrency(fees, kase.vet.clinicAddress) });
  const changed = payment.pricedTerms === null ? [] : changedTerms(payment.pricedTerms, terms);
  if (terms.currency !== payment.currency.toLowerCase() && !changed.includes('currency')) changed.push('currency');
  if (paymentKind(terms) !== payment.type && !changed.includes('kind')) changed.push('kind');
  if (changed.length > 0) return new ActivationRefused(TERMS_CHANGED, `changed since priced: ${changed.join(', ')}`);
  const base = baseAmount(feesFor(fees, terms.currency), {
    type: paymentKind(terms),
    specialty: kase.specialty,
    nutritionComplex: terms.nutritionComplex,
    urgency: terms.urgency,
  });
  const total = payment.originalAmount - payment.discountAmount + payment.taxAmount;
  if (base !== payment.originalAmount || total !== payment.totalAmount) {
    return new ActivationRefused(TERMS_CHANGED, `price now ${base}, paid for ${payment.originalAmount}`);
  }
  return null;
}

/**
 * Read-only check before a card is charged (the test provider's card step): the unpaid case is still
 * what was priced, and the coupon still has a redemption left. Settlement checks again, atomically.
 */
export async function assertActivatable(db: Db, payment: Payment, fees: Fees): Promise<void> {
  const kase = await loadCase(db, payment.caseId);
  if (kase?.status !== 'pending_payment' || payment.activatedAt) return;
  const refusal = activationRefusal(payment, kase, fees);
  if (refusal) throw refusal;
  if (payment.promotionCodeId !== null) {
    const coupon = await db.promotionCode.findUnique({ where: { id: payment.promotionCodeId } });
    if (coupon?.maxRedemptions != null && coupon.timesRedeemed >= coupon.maxRedemptions) {
      throw new ActivationRefused(COUPON_MESSAGES.exhausted, 'coupon redemption limit reached');
    }
  }
}

/**
 * Activates a case with a succeeded payment inside the caller's transaction. Returns null when the
 * payment was already used; throws ActivationRefused (rolling the transaction back) when the case is
 * not awaiting payment, is not what was priced, or the coupon has reached its limit.
 */
export async function activateWithPayment(
  tx: DbOrTx,
  payment: Payment,
  caseId: number,
  rules: SettlementRules,
): Promise<Case | null> {
  const now = rules.now?.() ?? new Date();
  const claim = await tx.payment.updateMany({
    where: { id: payment.id, activatedAt: null },
    data: { activatedAt: now, status: 'succeeded', failureCode: null, failureMessage: null },
  });
  if (claim.count !== 1) return null;
  const kase = await loadCase(tx, caseId);
  if (kase?.status !== 'pending_payment') {
    throw new ActivationRefused(PAYMENT_MESSAGES.activationFailed, `case ${caseId} is ${kase?.status ?? 'missing'}`);
  }
  const refusal = activationRefusal(payment, kase, rules.fees);
  if (refusal) throw refusal;
  if (payment.promotionCodeId !== null) {
    // Counted and checked in one statement: concurrent activations can never pass the limit.
    const counted = await tx.$executeRaw`
      UPDATE promotion_codes SET "timesRedeemed" = "timesRedeemed" + 1, "updatedAt" = now()
      WHERE id = ${payment.promotionCodeId} AND ("maxRedemptions" IS NULL OR "timesRedeemed" < "maxRedemptions")`;
    if (counted !== 1) throw new ActivationRefused(COUPON_MESSAGES.exhausted, 'coupon redemption limit reached');
  }
  if (payment.caseId !== caseId) await tx.payment.update({ where: { id: payment.id }, data: { caseId } });
  const activated = await transition(tx, kase, 'pending', {
    isPaid: true,
    stripePaymentIntentId: payment.providerPaymentIntentId,
    paymentAmount: payment.totalAmount,
    // Issue 19: the clock starts here, once, with the activation.
    activatedAt: now,
    dueAt: dueAtFor(kase.urgency, now),
  });
  if (!activated) throw new ActivationRefused(TERMS_CHANGED, `case ${caseId} changed while it was being activated`);
  // Issue 14: its specialist (or, first-available, its specialty) is notified in this same transaction.
  await notify(tx, { type: 'case_activated', caseId: activated.id });
  return activated;
}

/** The result of settling a succeeded payment. */
export type Settlement =
  | { outcome: 'activated'; kase: Case }
  | { outcome: 'already_activated' }
  | { outcome: 'awaiting_revisit' }
  | { outcome: 'refused'; reason: string; message: string };

export interface SettlementDeps extends SettlementRules {
  db: Db;
  logger: Logger;
  /** Issue 19: money captured for a refused activation is refunded in full through the provider. */
  refunds?: Refunds;
  /** Publishes the activation once its transaction has committed (the cases module owns the event). */
  cases: { caseActivated(kase: Case): void };
}

export function createSettlement(deps: SettlementDeps) {
  const { db, logger } = deps;

  async function recordEvent(event: { id: string; type: string }) {
    try {
      await db.webhookEvent.create({ data: { id: event.id, type: event.type } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /** The case a succeeded payment activates: its own, or the revisit waiting for it. */
  async function targetOf(payment: Payment): Promise<Case | null | 'awaiting_revisit'> {
    const kase = await db.case.findUnique({ where: { id: payment.caseId } });
    if (kase?.status === 'pending_payment') return kase;
    if (payment.type === 'revisit' && kase?.status === 'reviewed') {
      // Paid before the revisit was created. If the revisit already waits for payment, it is the one
      // paid for; otherwise POST /api/cases/revisit activates it with this payment later.
      const revisit = await db.case.findFirst({
        where: { originalCaseId: kase.id, vetId: payment.userId, status: 'pending_payment' },
        orderBy: { createdAt: 'desc' },
      });
      return revisit ?? 'awaiting_revisit';
    }
    return kase;
  }

  /** Money was captured but activated nothing: keep the truth on the payment for a refund. */
  async function refuse(payment: Payment, refusal: ActivationRefused, event?: { id: string; type: string }) {
    const captured = !payment.providerPaymentIntentId.startsWith(FREE_PREFIX) && payment.totalAmount > 0;
    await db.payment.updateMany({
      where: { id: payment.id, activatedAt: null },
      data: {
        status: 'succeeded',
        failureCode: 'activation_failed',
        failureMessage: refusal.message,
        ...(captured ? { refundDueAmount: payment.totalAmount, refundReason: refusal.reason } : {}),
      },
    });
    const current = await db.payment.findUnique({ where: { id: payment.id }, select: { activatedAt: true } });
    if (current?.activatedAt) return { outcome: 'already_activated' } as const;
    if (event) await recordEvent(event);
    logger.warn({ paymentId: payment.id, reason: refusal.reason, refundDue: captured }, 'case activation refused');
    if (captured && deps.refunds) {
      const refused = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
      try {
        await deps.refunds.refundInFull(refused, `Activation refused: ${refusal.reason}`);
      } catch (error) {
        // refundDueAmount stays recorded: the refund can be retried (same idempotency key).
        logger.error({ err: error, paymentId: payment.id }, 'refund of a refused activation failed');
      }
    }
    return { outcome: 'refused', reason: refusal.reason, message: refusal.message } as const;
  }

  /** Applies a succeeded payment: activation (exactly once), or for an unborn revisit, readiness. */
  async function settle(payment: Payment, event?: { id: string; type: string }): Promise<Settlement> {
    const target = await targetOf(payment);
    if (target === 'awaiting_revisit') {
      await db.$transaction(async (tx) => {
        if (event) await tx.webhookEvent.create({ data: { id: event.id, type: event.type } });
        await tx.payment.updateMany({
          where: { id: payment.id, activatedAt: null, status: { not: 'succeeded' } },
          data: { status: 'succeeded', failureCode: null, failureMessage: null },
        });
      });
      return { outcome: 'awaiting_revisit' };
    }
    try {
      const activated = await db.$transaction(async (tx) => {
        if (event) await tx.webhookEvent.create({ data: { id: event.id, type: event.type } });
        return activateWithPayment(tx, payment, target?.id ?? payment.caseId, deps);
      }, SETTLEMENT_TRANSACTION);
      if (!activated) return { outcome: 'already_activated' };
      deps.cases.caseActivated(activated);
      logger.info({ paymentId: payment.id, caseId: activated.id }, 'case activated by payment');
      return { outcome: 'activated', kase: activated };
    } catch (error) {
      if (!(error instanceof ActivationRefused)) throw error;
      return refuse(payment, error, event);
    }
  }

  return { settle, recordEvent };
}

export type SettlementService = ReturnType<typeof createSettlement>;
