import type { PromotionCode } from '../../generated/prisma/client';

// The card payment provider behind one small interface (docs/architecture.md rule 10): Stripe in
// production (stripe-provider.ts) and the built-in test provider (test-provider.ts) when no
// STRIPE_SECRET_KEY is set. Both pass the same contract suite ('payment provider contract' in
// graphql-server/test/stripe-provider.test.ts, run against each), and the payment use cases run
// against the test provider in payments.test.ts and against Stripe's API shapes in stripe-provider.test.ts.
//
// Contract for createIntent: the service first writes the Payment row (with a placeholder intent id)
// and passes its id as `paymentRecordId`; the provider returns the new intent. The test provider keeps
// its intent state in that very row (no in-memory state: it survives restarts and works across
// instances); Stripe keeps it on Stripe and gets the row id as metadata for reconciliation.

/** Stripe's PaymentIntent statuses. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface IntentError {
  /** Stripe error code, e.g. card_declined, expired_card. */
  code: string | null;
  /** Stripe decline code, e.g. insufficient_funds (reported under code card_declined). */
  declineCode: string | null;
  /** The provider's own message. */
  message: string | null;
}

export interface ProviderIntent {
  id: string;
  clientSecret: string | null;
  status: IntentStatus;
  /** Cents. */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  lastError: IntentError | null;
}

export interface CreateIntentInput {
  paymentRecordId: number;
  amount: number;
  currency: string;
  description: string;
  metadata: { caseId: string; caseUuid: string; type: string; paymentId: string; userId: string };
  /** Sent as Stripe's Idempotency-Key so a retried create cannot make a second intent. */
  idempotencyKey: string;
}

export interface TestCard {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface RefundInput {
  paymentIntentId: string;
  /** Cents: the whole payment (issue 19 refunds in full). */
  amount: number;
  /** Sent as Stripe's Idempotency-Key: a retried refund of one payment is the same refund. */
  idempotencyKey: string;
  /** Kept on the refund for the people reading the provider's dashboard. */
  reason: string;
}

export interface ProviderRefund {
  id: string;
  paymentIntentId: string;
  amount: number;
  /** Stripe's refund statuses (pending, succeeded, failed, canceled, requires_action). */
  status: string;
}

/** A verified webhook event, reduced to what the service acts on. */
export type ProviderEvent =
  | {
      id: string;
      type: 'payment_intent.succeeded' | 'payment_intent.payment_failed';
      intent: ProviderIntent;
      refund?: undefined;
    }
  | { id: string; type: 'charge.refunded'; intent: null; refund: ProviderRefund }
  | { id: string; type: string; intent: null; refund?: undefined };

export interface PromotionCodeSync {
  stripeCouponId: string;
  stripePromotionCodeId: string;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** For the web client's card element; null for the test provider. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  cancelIntent(id: string): Promise<void>;
  /**
   * Refunds a succeeded intent (issue 19). The same idempotency key always gives the same refund, so a
   * retried call never refunds twice; an intent that was not paid is refused.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /**
   * Confirms an intent with a card. Only the test provider does this on the server; with Stripe the
   * card is confirmed in the browser by Stripe.js (SPEC §7), so this is undefined.
   */
  confirmCard?(id: string, card: TestCard, now: Date): Promise<ProviderIntent>;
  /** Verifies the signature and parses the event; throws WebhookSignatureError when it does not match. */
  parseWebhookEvent(rawBody: Buffer | string, signature: string | undefined): ProviderEvent;
  /**
   * Makes sure a local promotion code exists at the provider; returns the provider ids to store, or
   * null when the provider keeps no promotion codes (test provider).
   */
  syncPromotionCode(code: PromotionCode): Promise<PromotionCodeSync | null>;
}
