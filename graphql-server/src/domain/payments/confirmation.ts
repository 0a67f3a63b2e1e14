import {
  CARD_ERROR_MESSAGES,
  cardErrorCode,
  cardErrorMessage,
  confirmPaymentSchema,
  PAYMENT_MESSAGES,
  testCardSchema,
} from '@vetconsult/schema/payment';
import { badInput, conflict, DomainError, notFound } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import type { Actor } from '../actor';
import type { ProviderIntent } from './payment-provider';
import {
  cancelSuperseded,
  matchesRecord,
  ownPayment,
  PAYMENT_NOT_FOUND,
  type PaymentsContext,
} from './payment-records';
import { assertActivatable, FREE_PREFIX } from './settlement';

// SPEC §7 POST /api/payment/confirm-payment and the built-in provider's card step: after the card,
// the provider is asked whether the intent succeeded, and a succeeded one is settled (settlement.ts:
// the case is activated exactly once, whoever reports the payment first).

export interface TestCardResult {
  status: string;
  paymentIntentId: string;
  error?: { code: string; message: string };
  /** true when the case is now active (false for a revisit that is created after paying). */
  activated?: boolean;
}

export interface ConfirmPaymentResult {
  success: boolean;
  message?: string;
  caseUuid?: string;
}

const PAYMENT_CANCELED = 'This payment was canceled';

/** Why an intent that did not succeed failed, in the spec's card-error words. */
function failureOf(intent: ProviderIntent): DomainError {
  const error = intent.lastError;
  if (error) {
    const code = cardErrorCode(error.code, error.declineCode);
    return new DomainError('PAYMENT_FAILED', cardErrorMessage(error.code, error.message, error.declineCode), {
      paymentCode: code,
    });
  }
  if (intent.status === 'canceled') return new DomainError('PAYMENT_FAILED', PAYMENT_CANCELED);
  if (intent.status === 'requires_action') {
    return new DomainError('PAYMENT_FAILED', CARD_ERROR_MESSAGES.authentication_required, {
      paymentCode: 'authentication_required',
    });
  }
  return new DomainError('PAYMENT_FAILED', 'Payment has not been completed');
}

export function createConfirmation(ctx: PaymentsContext) {
  const { db, logger, provider, fees, now, settlement } = ctx;

  return {
    /** Verifies with the provider that the intent succeeded and activates the case (idempotent). */
    async confirmPayment(actor: Actor | null, raw: unknown): Promise<ConfirmPaymentResult> {
      const { paymentIntentId } = parseInput(confirmPaymentSchema, raw);
      const payment = await ownPayment(db, actor, paymentIntentId);
      if (payment.activatedAt) return { success: true };
      if (!payment.providerPaymentIntentId.startsWith(FREE_PREFIX)) {
        if (payment.status === 'canceled') throw new DomainError('PAYMENT_FAILED', PAYMENT_CANCELED);
        const intent = await provider.retrieveIntent(payment.providerPaymentIntentId);
        if (!intent) throw notFound(PAYMENT_NOT_FOUND);
        if (!matchesRecord(payment, intent)) {
          logger.error({ paymentId: payment.id }, 'intent amount or currency differs from the payment record');
          throw badInput(PAYMENT_MESSAGES.confirmationBadRequest, 'paymentIntentId');
        }
        if (intent.status === 'processing') {
          throw conflict('Your payment is still processing. The consultation will be activated once it completes.');
        }
        if (intent.status !== 'succeeded') throw failureOf(intent);
      }
      const result = await settlement.settle(payment);
      if (result.outcome === 'refused') return { success: false, message: result.message };
      return { success: true, ...(result.outcome === 'activated' ? { caseUuid: result.kase.uuid } : {}) };
    },

    /**
     * POST /api/payment/test-provider/confirm: the built-in provider's card step. On success the case
     * is activated at once, as Stripe's webhook would do.
     */
    async confirmTestCard(actor: Actor | null, raw: unknown): Promise<TestCardResult> {
      if (!provider.confirmCard) throw notFound('The test payment provider is not active');
      const input = parseInput(testCardSchema, raw);
      const payment = await ownPayment(db, actor, input.paymentIntentId);
      if (payment.providerPaymentIntentId.startsWith(FREE_PREFIX)) {
        throw badInput('This consultation is free: no card is needed', 'paymentIntentId');
      }
      // Refuse before charging when the case changed since it was priced (the intent is then void).
      await assertActivatable(db, payment, fees).catch(async (error) => {
        if (payment.activatedAt === null) await cancelSuperseded(ctx, [payment]);
        throw error;
      });
      const intent = await provider.confirmCard(payment.providerPaymentIntentId, input, now());
      if (intent.status !== 'succeeded') {
        const error = intent.lastError;
        const code = cardErrorCode(error?.code, error?.declineCode) ?? 'card_declined';
        return {
          status: intent.status,
          paymentIntentId: intent.id,
          error: { code, message: cardErrorMessage(error?.code, error?.message, error?.declineCode) },
        };
      }
      const fresh = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
      const result = await settlement.settle(fresh);
      // A revisit paid before it exists is activated later, by POST /api/cases/revisit.
      const activated = result.outcome === 'activated' || result.outcome === 'already_activated';
      return { status: intent.status, paymentIntentId: intent.id, activated };
    },
  };
}
