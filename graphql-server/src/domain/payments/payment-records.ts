import type { Payment, Prisma } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { type Actor, requireRole } from '../actor';
import type { PaymentProvider, ProviderIntent } from './payment-provider';
import type { Fees } from './pricing';
import type { Refunds } from './refunds';
import type { SettlementService } from './settlement';
import { FREE_PREFIX } from './settlement';
import type { TaxOptions } from './tax';

// What the payment use cases share: their adapters, and the rules of a payment row (whose it is, whether
// the provider's intent is the one recorded, how a superseded intent is voided).

export interface PaymentsContext {
  db: Db;
  logger: Logger;
  provider: PaymentProvider;
  fees: Fees;
  tax?: TaxOptions;
  now: () => Date;
  settlement: SettlementService;
  refunds: Refunds;
}

/** A row reserved while its intent is being created at the provider; never shown, never charged. */
export const PLACEHOLDER_PREFIX = 'pending:';
export const PAYMENT_NOT_FOUND = 'Payment not found';
const ONLY_VETS_PAY = 'Only veterinarians can pay for consultations';
const NOT_YOUR_PAYMENT = 'This payment does not belong to you';

/** Payments that exist beyond their creation (every list leaves the placeholders out). */
export const REAL_PAYMENTS: Prisma.PaymentWhereInput = {
  NOT: { providerPaymentIntentId: { startsWith: PLACEHOLDER_PREFIX } },
};

/** Only veterinarians pay (SPEC §6). */
export const requirePayer = (actor: Actor | null): Actor => requireRole(actor, 'VETERINARIAN', ONLY_VETS_PAY);

/** The paying veterinarian's own payment of this intent id. */
export async function ownPayment(db: Db, actor: Actor | null, paymentIntentId: string): Promise<Payment> {
  const who = requirePayer(actor);
  const payment = await db.payment.findUnique({ where: { providerPaymentIntentId: paymentIntentId } });
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  if (payment.userId !== who.id) throw forbidden(NOT_YOUR_PAYMENT);
  return payment;
}

/** The intent must be the one we recorded, for the amount and currency we asked. */
export function matchesRecord(payment: Payment, intent: ProviderIntent): boolean {
  return intent.amount === payment.totalAmount && intent.currency.toLowerCase() === payment.currency.toLowerCase();
}

/** Cancels unpaid intents that were superseded, so none of them can ever be charged too. */
export async function cancelSuperseded(ctx: Pick<PaymentsContext, 'db' | 'logger' | 'provider'>, payments: Payment[]) {
  for (const stale of payments) {
    try {
      if (!stale.providerPaymentIntentId.startsWith(FREE_PREFIX))
        await ctx.provider.cancelIntent(stale.providerPaymentIntentId);
      await ctx.db.payment.updateMany({ where: { id: stale.id, activatedAt: null }, data: { status: 'canceled' } });
    } catch (error) {
      ctx.logger.warn({ err: error, paymentId: stale.id }, 'could not cancel a superseded payment intent');
    }
  }
}
