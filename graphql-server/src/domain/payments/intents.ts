import { randomUUID } from 'node:crypto';
import { createPaymentIntentSchema, FREE_CONSULTATION, type PaymentTypeValue } from '@vetconsult/schema/payment';
import type { Urgency } from '@vetconsult/schema/turnaround';
import type { Payment, PromotionCode } from '../../generated/prisma/client';
import { parseInput } from '../../lib/validation';
import type { Actor } from '../actor';
import { assertRoutedUrgencyAllowed } from '../cases/specialist-choice';
import { assertCouponUsable, couponDisplayName } from './coupons';
import { changedTerms, type PricedTerms } from './frozen-price';
import { caseToPay } from './payable-case';
import type { ProviderIntent } from './payment-provider';
import {
  cancelSuperseded,
  matchesRecord,
  type PaymentsContext,
  PLACEHOLDER_PREFIX,
  REAL_PAYMENTS,
  requirePayer,
} from './payment-records';
import { baseAmount, feesFor, type PriceBreakdown, priceConsultation } from './pricing';
import { findCoupon } from './promotion-codes';
import { FREE_PREFIX } from './settlement';

// SPEC §7 POST /api/payment/create-payment-intent and §4 "Consultation form client flow": an intent
// prices the case as it is saved and freezes what was priced (frozen-price.ts), so activation can later
// verify that the case is still what was paid for (settlement.ts).

export interface PaymentIntentView {
  clientSecret: string;
  paymentIntentId: string;
  /** The amount charged (cents) — equal to totalAmount. */
  amount: number;
  originalAmount: number;
  discountAmount: number;
  /** After discount, before tax. */
  subtotalAmount: number;
  taxAmount: number;
  /** Tax is added on top of the fee, never included in it. */
  taxIncluded: boolean;
  taxRate: number;
  totalAmount: number;
  currency: string;
  /** Issue 19: the urgency priced and what it adds (included in originalAmount; 0 for Routine). */
  urgency: Urgency;
  urgencyFeeAmount: number;
  /** One line per tax charged ({ name, rate: percent, amount: cents }); empty where none applies. */
  taxLines: Array<{ name: string; rate: number; amount: number }>;
  isCanadian: boolean;
  province: string | null;
  /** Tax is computed here (tax.ts), not by Stripe Tax. */
  automaticTax: boolean;
  type: PaymentTypeValue;
  couponCode: string | null;
  couponName: string | null;
  free: boolean;
}

function intentView(
  payment: Payment,
  price: PriceBreakdown,
  clientSecret: string,
  coupon: PromotionCode | null,
): PaymentIntentView {
  return {
    clientSecret,
    paymentIntentId: payment.providerPaymentIntentId,
    amount: price.totalAmount,
    originalAmount: price.originalAmount,
    urgency: price.urgency,
    urgencyFeeAmount: price.urgencyFeeAmount,
    discountAmount: price.discountAmount,
    subtotalAmount: price.subtotalAmount,
    taxAmount: price.taxAmount,
    taxIncluded: false,
    taxRate: price.taxRate,
    totalAmount: price.totalAmount,
    currency: price.currency,
    taxLines: price.taxComponents,
    isCanadian: price.isCanadian,
    province: price.province,
    automaticTax: false,
    type: payment.type,
    couponCode: coupon?.code ?? null,
    couponName: coupon ? couponDisplayName(coupon) : null,
    free: clientSecret === FREE_CONSULTATION,
  };
}

export function createIntents(ctx: PaymentsContext) {
  const { db, logger, provider, fees, now } = ctx;

  return {
    async createPaymentIntent(actor: Actor | null, raw: unknown): Promise<PaymentIntentView> {
      const who = requirePayer(actor);
      const input = parseInput(createPaymentIntentSchema, raw);
      // The price is the case's as it is saved (formData is not read: the form saves the draft first).
      const { kase, type, terms } = await caseToPay(ctx, who, input.caseId, input.type, input.urgency);
      const specialty = kase.specialty;
      const nutritionComplex = terms.nutritionComplex;
      const urgency = terms.urgency;
      // Issue 19: STAT only to a specialist available now (first-available: one of the specialty), checked
      // before any money moves.
      await assertRoutedUrgencyAllowed(
        db,
        { urgency, specialistId: terms.specialistId, specialty, routing: kase.routing },
        now(),
      );
      let coupon: PromotionCode | null = null;
      if (input.couponCode) {
        coupon = await findCoupon(db, input.couponCode);
        const base = baseAmount(feesFor(fees, terms.currency), { type, specialty, nutritionComplex, urgency });
        assertCouponUsable(coupon, base, terms.currency, now());
      }
      const price = priceConsultation(
        fees,
        { type, specialty, nutritionComplex, urgency, coupon, clinicAddress: kase.vet.clinicAddress },
        ctx.tax,
      );

      const open = await db.payment.findMany({
        where: {
          caseId: kase.id,
          userId: who.id,
          activatedAt: null,
          status: { in: ['requires_payment_method', 'processing'] },
          ...REAL_PAYMENTS,
        },
        orderBy: { id: 'desc' },
      });
      // A repeated request for the same price reuses its intent (a page reload, a double click).
      const same = open.find(
        (p) =>
          p.provider === provider.name &&
          p.type === type &&
          p.totalAmount === price.totalAmount &&
          p.promotionCodeId === (coupon?.id ?? null) &&
          p.originalAmount === price.originalAmount &&
          p.currency === price.currency &&
          changedTerms(p.pricedTerms, terms).length === 0,
      );
      if (same) {
        if (same.providerPaymentIntentId.startsWith(FREE_PREFIX)) {
          await cancelSuperseded(
            ctx,
            open.filter((p) => p.id !== same.id),
          );
          return intentView(same, price, FREE_CONSULTATION, coupon);
        }
        const intent = await provider.retrieveIntent(same.providerPaymentIntentId);
        if (intent?.clientSecret && intent.status === 'requires_payment_method' && matchesRecord(same, intent)) {
          await cancelSuperseded(
            ctx,
            open.filter((p) => p.id !== same.id),
          );
          return intentView(same, price, intent.clientSecret, coupon);
        }
      }

      const record = {
        caseId: kase.id,
        userId: who.id,
        type,
        provider: provider.name,
        currency: price.currency,
        originalAmount: price.originalAmount,
        discountAmount: price.discountAmount,
        taxRate: price.taxRate,
        taxAmount: price.taxAmount,
        totalAmount: price.totalAmount,
        province: price.province,
        isCanadian: price.isCanadian,
        promotionCodeId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        pricedTerms: terms satisfies PricedTerms,
        taxLines: price.taxComponents,
      };
      let view: PaymentIntentView;
      if (price.totalAmount === 0) {
        // SPEC §4: a 100% discount needs no card; the confirm call activates the case.
        const payment = await db.payment.create({
          data: { ...record, providerPaymentIntentId: `${FREE_PREFIX}${randomUUID()}` },
        });
        view = intentView(payment, price, FREE_CONSULTATION, coupon);
      } else {
        const placeholder = await db.payment.create({
          data: { ...record, providerPaymentIntentId: `${PLACEHOLDER_PREFIX}${randomUUID()}` },
        });
        let intent: ProviderIntent;
        try {
          intent = await provider.createIntent({
            paymentRecordId: placeholder.id,
            amount: price.totalAmount,
            currency: price.currency,
            description: `${type === 'revisit' ? 'Case revisit' : 'Specialist consultation'} ${kase.uuid.slice(0, 8)}`,
            metadata: {
              caseId: String(kase.id),
              caseUuid: kase.uuid,
              type,
              paymentId: String(placeholder.id),
              userId: String(who.id),
            },
            idempotencyKey: `vetconsult-payment-${placeholder.id}`,
          });
        } catch (error) {
          await db.payment.delete({ where: { id: placeholder.id } }).catch(() => undefined);
          logger.error({ err: error, caseId: kase.id }, 'payment provider refused to create an intent');
          throw error;
        }
        const payment = await db.payment.update({
          where: { id: placeholder.id },
          data: { providerPaymentIntentId: intent.id },
        });
        view = intentView(payment, price, intent.clientSecret ?? '', coupon);
      }
      await cancelSuperseded(ctx, open);
      return view;
    },
  };
}
