import { FREE_CONSULTATION } from '@vetconsult/schema/payment';
import type { Payment } from '../../generated/prisma/client';
import { isUniqueViolation } from '../../lib/db/client';
import type { Logger } from '../../lib/logger';
import type { DbOrTx } from '../cases/case-access';
import type { PaymentProvider, ProviderRefund } from './payment-provider';

// Issue 19 item C: a payment refunded in full, through the provider, recorded exactly once. The provider
// call carries an idempotency key of the payment (a retried refund is the same refund, at Stripe and in
// the test provider); the row is written only while refundedAt is still null, and providerRefundId is
// unique, so a replayed cancel, a retry after a failure and the charge.refunded webhook all end in one
// recorded refund.

/** What a refund records on its payment. */
export type RefundOutcome =
  | { outcome: 'refunded'; payment: Payment }
  | { outcome: 'already_refunded'; payment: Payment }
  | { outcome: 'nothing_to_refund'; payment: Payment };

export const refundKey = (payment: Pick<Payment, 'id'>) => `vetconsult-refund-${payment.id}`;

/** Money was taken for this payment (a free consultation took none). */
export const wasCharged = (payment: Pick<Payment, 'providerPaymentIntentId' | 'totalAmount' | 'status'>) =>
  payment.status === 'succeeded' &&
  !payment.providerPaymentIntentId.startsWith(`${FREE_CONSULTATION}:`) &&
  payment.totalAmount > 0;

/**
 * Records a refund on its payment, once: the first writer sets refundedAt; later ones (a replay, the
 * webhook of the same refund) change nothing and report whether it was theirs.
 */
export async function recordRefund(
  db: DbOrTx,
  payment: Pick<Payment, 'id'>,
  refund: Pick<ProviderRefund, 'id' | 'amount'>,
  at: Date,
): Promise<boolean> {
  try {
    const written = await db.payment.updateMany({
      where: { id: payment.id, refundedAt: null },
      data: { refundedAt: at, refundAmount: refund.amount, providerRefundId: refund.id },
    });
    return written.count === 1;
  } catch (error) {
    // The same provider refund already recorded (on this row, by the other path at the same moment).
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export function createRefunds(deps: { db: DbOrTx; provider: PaymentProvider; logger: Logger; now: () => Date }) {
  const { db, provider, logger, now } = deps;

  return {
    /**
     * Refunds a payment in full (a cancelled case, or an activation refused after capture). Throws when
     * the provider refuses or cannot be reached: the payment then stays unrefunded, to be retried.
     */
    async refundInFull(payment: Payment, reason: string): Promise<RefundOutcome> {
      if (payment.refundedAt) return { outcome: 'already_refunded', payment };
      if (!wasCharged(payment)) return { outcome: 'nothing_to_refund', payment };
      const refund = await provider.refund({
        paymentIntentId: payment.providerPaymentIntentId,
        amount: payment.totalAmount,
        idempotencyKey: refundKey(payment),
        reason,
      });
      const mine = await recordRefund(db, payment, refund, now());
      const after = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
      if (mine) logger.info({ paymentId: payment.id, refundId: refund.id, amount: refund.amount }, 'payment refunded');
      return { outcome: mine ? 'refunded' : 'already_refunded', payment: after };
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
