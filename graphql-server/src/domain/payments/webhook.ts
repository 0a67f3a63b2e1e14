import { cardErrorCode } from '@vetconsult/schema/payment';
import { isUniqueViolation } from '../../lib/db/client';
import { badInput } from '../../lib/errors';
import { type PaymentProvider, WebhookSignatureError } from './payment-provider';
import { matchesRecord, type PaymentsContext } from './payment-records';
import { recordRefund } from './refunds';

// SPEC §7 POST /api/payment/webhook: the provider reports what happened to an intent. A succeeded one
// is settled (settlement.ts); a failed one records the card's failure. Each event id is recorded in the
// same transaction as its effect, so a replayed event is acknowledged and changes nothing.

export interface WebhookReceipt {
  received: true;
  duplicate: boolean;
}

export function createWebhook(ctx: PaymentsContext) {
  const { db, logger, provider, settlement, now } = ctx;

  return {
    /** Throws BAD_USER_INPUT (400) on a bad signature, before anything is read or written. */
    async handleWebhook(rawBody: Buffer | string, signature: string | undefined): Promise<WebhookReceipt> {
      let event: ReturnType<PaymentProvider['parseWebhookEvent']>;
      try {
        event = provider.parseWebhookEvent(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw badInput(error.message, 'stripe-signature');
        throw error;
      }
      const seen = await db.webhookEvent.findUnique({ where: { id: event.id } });
      if (seen) return { received: true, duplicate: true };
      const record = { id: event.id, type: event.type };
      if (event.type === 'charge.refunded' && event.refund) {
        // Issue 19: the provider reports a refund; recorded once, whichever of it and the cancel comes first.
        const refund = event.refund;
        const payment = await db.payment.findUnique({ where: { providerPaymentIntentId: refund.paymentIntentId } });
        try {
          await db.$transaction(async (tx) => {
            await tx.webhookEvent.create({ data: record });
            if (payment) await recordRefund(tx, payment, refund, now());
          });
        } catch (error) {
          if (isUniqueViolation(error)) return { received: true, duplicate: true };
          throw error;
        }
        return { received: true, duplicate: false };
      }
      if (!event.intent) {
        await settlement.recordEvent(record);
        return { received: true, duplicate: false };
      }
      const payment = await db.payment.findUnique({ where: { providerPaymentIntentId: event.intent.id } });
      if (!payment) {
        // Not one of ours (another integration on the same account): acknowledge so it is not resent.
        logger.warn({ eventId: event.id, intentId: event.intent.id }, 'webhook for an unknown payment intent');
        await settlement.recordEvent(record);
        return { received: true, duplicate: false };
      }
      try {
        if (event.type === 'payment_intent.succeeded') {
          if (!matchesRecord(payment, event.intent)) {
            logger.error(
              { paymentId: payment.id, eventId: event.id },
              'succeeded intent differs from the payment record',
            );
            await settlement.recordEvent(record);
            return { received: true, duplicate: false };
          }
          await settlement.settle(payment, record);
        } else {
          const error = event.intent.lastError;
          await db.$transaction(async (tx) => {
            await tx.webhookEvent.create({ data: record });
            // A late failure event never overwrites a payment that has already succeeded.
            await tx.payment.updateMany({
              where: { id: payment.id, activatedAt: null, status: { not: 'succeeded' } },
              data: {
                status: 'requires_payment_method',
                failureCode: cardErrorCode(error?.code, error?.declineCode),
                failureMessage: error?.message ?? null,
              },
            });
          });
        }
      } catch (error) {
        // The same event delivered twice at once: the other delivery recorded it first.
        if (isUniqueViolation(error)) return { received: true, duplicate: true };
        throw error;
      }
      return { received: true, duplicate: false };
    },
  };
}
