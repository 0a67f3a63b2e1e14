import Stripe from 'stripe';
import type { PromotionCode } from '../../generated/prisma/client';
import type {
  CreateIntentInput,
  IntentStatus,
  PaymentProvider,
  PromotionCodeSync,
  ProviderEvent,
  ProviderIntent,
  ProviderRefund,
} from './payment-provider';
import { WebhookSignatureError } from './payment-provider';

// The production provider: Stripe's PaymentIntents through the official SDK. The card itself is
// confirmed in the browser by Stripe.js (SPEC §7); the server creates the intent, verifies its status
// on confirmation, and listens to signed webhooks.

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey?: string | undefined;
  webhookSecret?: string | undefined;
  /** SDK options (host/port/protocol for a local stand-in in tests, retries, timeout). */
  clientOptions?: Stripe.StripeConfig;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider & { readonly stripe: Stripe } {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'VetConsult' },
    ...options.clientOptions,
  });

  const isMissing = (error: unknown) =>
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.code === 'resource_missing' || error.statusCode === 404);

  return {
    name: 'stripe',
    publishableKey: options.publishableKey ?? null,
    stripe,

    async createIntent(input: CreateIntentInput) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          automatic_payment_methods: { enabled: true },
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return fromStripeIntent(intent);
    },

    async retrieveIntent(id) {
      try {
        return fromStripeIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async cancelIntent(id) {
      try {
        await stripe.paymentIntents.cancel(id);
      } catch (error) {
        // Already succeeded, canceled or gone: nothing left to cancel.
        if (
          isMissing(error) ||
          (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state')
        ) {
          return;
        }
        throw error;
      }
    },

    async refund(input) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amount,
          reason: 'requested_by_customer',
          metadata: { reason: input.reason.slice(0, 500) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return fromStripeRefund(refund, input.paymentIntentId);
    },

    parseWebhookEvent(rawBody, signature): ProviderEvent {
      if (!options.webhookSecret) throw new WebhookSignatureError('Webhook signing secret is not configured');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError();
        throw error;
      }
      return parseIntentEvent(event);
    },

    async syncPromotionCode(code: PromotionCode): Promise<PromotionCodeSync | null> {
      let couponId = code.stripeCouponId;
      if (!couponId) {
        const coupon = await stripe.coupons.create(
          {
            name: (code.name ?? code.code).slice(0, 40),
            duration: 'once',
            ...(code.percentOff !== null
              ? { percent_off: code.percentOff }
              : { amount_off: code.amountOff ?? 0, currency: code.currency }),
            metadata: { localPromotionCodeId: String(code.id) },
          },
          { idempotencyKey: `vetconsult-coupon-${code.id}` },
        );
        couponId = coupon.id;
      }
      if (code.stripePromotionCodeId)
        return { stripeCouponId: couponId, stripePromotionCodeId: code.stripePromotionCodeId };
      const promotionCode = await stripe.promotionCodes.create(
        {
          promotion: { type: 'coupon', coupon: couponId },
          code: code.code,
          active: code.active,
          ...(code.expiresAt ? { expires_at: Math.floor(code.expiresAt.getTime() / 1000) } : {}),
          ...(code.maxRedemptions !== null ? { max_redemptions: code.maxRedemptions } : {}),
          ...(code.restrictionsMinimumAmount !== null
            ? {
                restrictions: {
                  minimum_amount: code.restrictionsMinimumAmount,
                  minimum_amount_currency: code.currency,
                },
              }
            : {}),
          metadata: { localPromotionCodeId: String(code.id) },
        },
        { idempotencyKey: `vetconsult-promotion-code-${code.id}` },
      );
      return { stripeCouponId: couponId, stripePromotionCodeId: promotionCode.id };
    },
  };
}

/** The part of a Stripe event the service acts on (shared with the Stripe provider). */
export function parseIntentEvent(event: Stripe.Event): ProviderEvent {
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    return { id: event.id, type: event.type, intent: fromStripeIntent(event.data.object) };
  }
  if (event.type === 'charge.refunded') {
    // Issue 19: a refund made here or in the provider's dashboard; the latest refund names it.
    const charge = event.data.object;
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    const latest = charge.refunds?.data?.[0];
    if (intentId) {
      return {
        id: event.id,
        type: 'charge.refunded',
        intent: null,
        refund: {
          id: latest?.id ?? `${charge.id}:refund`,
          paymentIntentId: intentId,
          amount: charge.amount_refunded,
          status: latest?.status ?? 'succeeded',
        },
      };
    }
  }
  return { id: event.id, type: event.type, intent: null };
}

export function fromStripeRefund(refund: Stripe.Refund, paymentIntentId: string): ProviderRefund {
  const intent = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
  return {
    id: refund.id,
    paymentIntentId: intent ?? paymentIntentId,
    amount: refund.amount,
    status: refund.status ?? 'pending',
  };
}

export function fromStripeIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? null,
    // Stripe may add statuses; the service treats anything unknown as not succeeded.
    status: intent.status as IntentStatus,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...(intent.metadata ?? {}) },
    lastError: error
      ? { code: error.code ?? null, declineCode: error.decline_code ?? null, message: error.message ?? null }
      : null,
  };
}
