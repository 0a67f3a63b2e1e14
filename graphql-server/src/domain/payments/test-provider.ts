import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Payment } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { conflict, notFound } from '../../lib/errors';
import type {
  CreateIntentInput,
  IntentStatus,
  PaymentProvider,
  ProviderEvent,
  ProviderIntent,
  ProviderRefund,
  TestCard,
} from './payment-provider';
import { WebhookSignatureError } from './payment-provider';
import { parseIntentEvent } from './stripe-provider';

// The built-in provider used when no STRIPE_SECRET_KEY is set: PaymentIntents modelled on Stripe's
// (ids pi_test_..., client secrets pi_..._secret_..., the same statuses and error codes), confirmed on
// the server with Stripe's documented test card numbers. Its state lives in the Payment table, so it
// survives restarts and is shared by every instance. Webhooks use Stripe's own signature scheme with
// this provider's secret, so the webhook door is exercised exactly as with Stripe.

/** Stripe's test cards and what they do (https://docs.stripe.com/testing). */
type CardOutcome = { kind: 'success' } | { kind: 'decline'; code: string; message: string };

const declined = (code: string, message: string): CardOutcome => ({ kind: 'decline', code, message });

/** Stripe's own error messages, as the provider would report them. */
const TEST_CARD_OUTCOMES: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { kind: 'success' },
  '4000056655665556': { kind: 'success' }, // Visa debit
  '5555555555554444': { kind: 'success' }, // Mastercard
  '2223003122003222': { kind: 'success' }, // Mastercard 2-series
  '5200828282828210': { kind: 'success' }, // Mastercard debit
  '378282246310005': { kind: 'success' }, // American Express
  '6011111111111117': { kind: 'success' }, // Discover
  '4000001240000000': { kind: 'success' }, // Visa (Canada)
  '4000000000000002': declined('card_declined', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': declined('card_declined', 'Your card was declined.'), // lost_card
  '4000000000009979': declined('card_declined', 'Your card was declined.'), // stolen_card
  '4000000000000069': declined('expired_card', 'Your card has expired.'),
  '4000000000000127': declined('incorrect_cvc', "Your card's security code is incorrect."),
  '4000000000000119': declined(
    'processing_error',
    'An error occurred while processing your card. Try again in a little bit.',
  ),
  // 3D Secure cards: without a browser challenge the test provider reports them as Stripe does for an
  // off-session payment that needs authentication.
  '4000002500003155': declined(
    'authentication_required',
    'Your card was declined. This transaction requires authentication.',
  ),
  '4000002760003184': declined(
    'authentication_required',
    'Your card was declined. This transaction requires authentication.',
  ),
  '4000003800000446': declined(
    'authentication_required',
    'Your card was declined. This transaction requires authentication.',
  ),
};

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What Stripe test mode does with a card: the documented outcome, or the errors for other numbers. */
function testCardOutcome(card: TestCard, now: Date): CardOutcome {
  const number = card.cardNumber.replace(/\s+/g, '');
  if (!luhnValid(number)) return declined('incorrect_number', 'Your card number is incorrect.');
  // A card whose expiry month has ended (checked in UTC, as the provider would).
  const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) return declined('expired_card', 'Your card has expired.');
  const outcome = TEST_CARD_OUTCOMES[number];
  if (outcome) return outcome;
  // Stripe refuses real card numbers in test mode.
  return declined('card_declined', 'Your card was declined. Your request was in test mode, but used a non test card.');
}

const STATUS_OF: Record<Payment['status'], IntentStatus> = {
  requires_payment_method: 'requires_payment_method',
  processing: 'processing',
  succeeded: 'succeeded',
  // A failed attempt leaves a Stripe intent ready for another card.
  failed: 'requires_payment_method',
  canceled: 'canceled',
};

/** The client secret is derived from the id, so nothing secret is stored; it authorises nothing here. */
const clientSecretOf = (id: string) =>
  `${id}_secret_${createHash('sha256').update(`vetconsult-test-provider:${id}`).digest('hex').slice(0, 24)}`;

function toIntent(row: Payment): ProviderIntent {
  return {
    id: row.providerPaymentIntentId,
    clientSecret: clientSecretOf(row.providerPaymentIntentId),
    status: STATUS_OF[row.status],
    amount: row.totalAmount,
    currency: row.currency,
    metadata: { caseId: String(row.caseId), type: row.type, paymentId: String(row.id), userId: String(row.userId) },
    lastError:
      row.failureCode || row.failureMessage
        ? { code: row.failureCode, declineCode: null, message: row.failureMessage }
        : null,
  };
}

export interface TestProviderOptions {
  db: Db;
  /** Stripe-style signing secret for webhooks to this provider; random per process when absent. */
  webhookSecret?: string;
}

export function createTestProvider(options: TestProviderOptions): PaymentProvider & {
  confirmCard: NonNullable<PaymentProvider['confirmCard']>;
  /** Signs a payload as this provider's webhook sender would (for tools and tests). */
  signWebhookPayload(payload: string, timestamp?: number): string;
  /** Builds the event this provider sends when an intent changes. */
  eventFor(intent: ProviderIntent, type: string): string;
  /** Builds the charge.refunded event of a refund (issue 19). */
  refundEventFor(refund: ProviderRefund): string;
} {
  const { db } = options;
  const webhookSecret = options.webhookSecret ?? `whsec_test_${randomBytes(24).toString('hex')}`;
  // Used only for Stripe's signature helpers; it never makes a request.
  const signer = new Stripe('sk_test_builtin_provider_offline', { maxNetworkRetries: 0 });

  const find = (id: string) => db.payment.findFirst({ where: { providerPaymentIntentId: id, provider: 'test' } });

  return {
    name: 'test',
    publishableKey: null,

    async createIntent(input: CreateIntentInput) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const row = await db.payment.update({
        where: { id: input.paymentRecordId },
        data: { providerPaymentIntentId: id, status: 'requires_payment_method' },
      });
      return toIntent(row);
    },

    async retrieveIntent(id) {
      const row = await find(id);
      return row ? toIntent(row) : null;
    },

    async cancelIntent(id) {
      await db.payment.updateMany({
        where: { providerPaymentIntentId: id, provider: 'test', status: { in: ['requires_payment_method', 'failed'] } },
        data: { status: 'canceled' },
      });
    },

    async refund(input) {
      const row = await find(input.paymentIntentId);
      if (!row) throw notFound('Payment not found');
      if (row.status !== 'succeeded') throw conflict('This payment was not taken, so there is nothing to refund.');
      if (input.amount <= 0 || input.amount > row.totalAmount) {
        throw conflict('A refund cannot be more than the payment.');
      }
      // The refund is recorded on the payment row it refunds (as the intent is): one id per idempotency key,
      // so a retried refund is the same refund, as with Stripe.
      const id = `re_test_${createHash('sha256').update(`vetconsult-test-refund:${input.idempotencyKey}`).digest('hex').slice(0, 24)}`;
      if (row.providerRefundId && row.providerRefundId !== id) {
        throw conflict('This payment has already been refunded.');
      }
      return { id, paymentIntentId: row.providerPaymentIntentId, amount: input.amount, status: 'succeeded' };
    },

    async confirmCard(id, card, now) {
      const row = await find(id);
      if (!row) throw notFound('Payment not found');
      if (row.status === 'succeeded') return toIntent(row);
      if (row.status === 'canceled') throw conflict('This payment was canceled. Please start the payment again.');
      const outcome = testCardOutcome(card, now);
      // Conditional on the intent still awaiting a card, so two confirmations cannot both apply.
      await db.payment.updateMany({
        where: { id: row.id, status: { in: ['requires_payment_method', 'failed'] } },
        data:
          outcome.kind === 'success'
            ? { status: 'succeeded', failureCode: null, failureMessage: null }
            : { status: 'requires_payment_method', failureCode: outcome.code, failureMessage: outcome.message },
      });
      const after = await find(id);
      if (!after) throw notFound('Payment not found');
      return toIntent(after);
    },

    parseWebhookEvent(rawBody, signature): ProviderEvent {
      let event: Stripe.Event;
      try {
        event = signer.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError();
        throw error;
      }
      return parseIntentEvent(event);
    },

    async syncPromotionCode() {
      return null;
    },

    signWebhookPayload(payload, timestamp) {
      return signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });
    },

    refundEventFor(refund) {
      return JSON.stringify({
        id: `evt_test_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type: 'charge.refunded',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `ch_test_${randomBytes(12).toString('hex')}`,
            object: 'charge',
            amount_refunded: refund.amount,
            payment_intent: refund.paymentIntentId,
            refunds: {
              object: 'list',
              data: [{ id: refund.id, object: 'refund', amount: refund.amount, status: refund.status }],
            },
          },
        },
      });
    },

    eventFor(intent, type) {
      return JSON.stringify({
        id: `evt_test_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: intent.id,
            object: 'payment_intent',
            amount: intent.amount,
            currency: intent.currency,
            status: intent.status,
            client_secret: intent.clientSecret,
            metadata: intent.metadata,
            last_payment_error: intent.lastError
              ? {
                  code: intent.lastError.code,
                  decline_code: intent.lastError.declineCode,
                  message: intent.lastError.message,
                }
              : null,
          },
        },
      });
    },
  };
}
