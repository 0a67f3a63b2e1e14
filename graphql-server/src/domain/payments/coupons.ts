import { COUPON_MESSAGES, couponMinimumMessage } from '@vetconsult/schema/payment';
import type { PromotionCode } from '../../generated/prisma/client';
import { badInput } from '../../lib/errors';

// SPEC §5/§8 "Coupon": the rules of a promotion code, pure. The service loads the code and asks these.
// A code is looked up case-insensitively (customers type it in any case); its redemption is counted
// once per confirmed payment, in the activation transaction (payments.service.ts).

export type CouponRule = Pick<
  PromotionCode,
  | 'code'
  | 'name'
  | 'percentOff'
  | 'amountOff'
  | 'currency'
  | 'maxRedemptions'
  | 'timesRedeemed'
  | 'active'
  | 'expiresAt'
  | 'restrictionsMinimumAmount'
>;

export type CouponRefusal =
  | { reason: 'invalid'; message: string }
  | { reason: 'expired'; message: string }
  | { reason: 'exhausted'; message: string }
  | { reason: 'minimum'; message: string }
  | { reason: 'currency'; message: string };

/** A fixed-amount coupon is in one currency; a clinic paying in another is told which. */
const couponCurrencyMessage = (currency: string) =>
  `This coupon can only be used for payments in ${currency.toUpperCase()}`;

/** Why the coupon cannot be used on this amount (cents, before tax), or null when it can. */
function couponRefusal(
  coupon: CouponRule | null,
  amountCents: number,
  currency: string,
  now: Date,
): CouponRefusal | null {
  if (!coupon?.active) return { reason: 'invalid', message: COUPON_MESSAGES.invalid };
  // A fixed amount in another currency cannot be applied to this price (no conversion is guessed).
  if (coupon.amountOff !== null && coupon.currency.toLowerCase() !== currency.toLowerCase()) {
    return { reason: 'currency', message: couponCurrencyMessage(coupon.currency) };
  }
  if (coupon.percentOff === null && coupon.amountOff === null) {
    return { reason: 'invalid', message: COUPON_MESSAGES.invalid };
  }
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) {
    return { reason: 'expired', message: COUPON_MESSAGES.expired };
  }
  if (coupon.maxRedemptions !== null && coupon.timesRedeemed >= coupon.maxRedemptions) {
    return { reason: 'exhausted', message: COUPON_MESSAGES.exhausted };
  }
  if (coupon.restrictionsMinimumAmount !== null && amountCents < coupon.restrictionsMinimumAmount) {
    return { reason: 'minimum', message: couponMinimumMessage(coupon.restrictionsMinimumAmount) };
  }
  return null;
}

/** Throws the spec's message when the coupon cannot be used. */
export function assertCouponUsable(coupon: CouponRule | null, amountCents: number, currency: string, now: Date) {
  const refusal = couponRefusal(coupon, amountCents, currency, now);
  if (refusal) throw badInput(refusal.message, 'couponCode');
}

/** The discount in cents on an amount (never more than the amount; percentages round to the cent). */
export function couponDiscount(coupon: Pick<CouponRule, 'percentOff' | 'amountOff'>, amountCents: number): number {
  let discount = 0;
  if (coupon.percentOff !== null && coupon.percentOff > 0) {
    // Thousandths of a percent, so 33.3% of $75.00 is 2497.5 -> 2498 cents, not a float's 2497.49...
    const milliPercent = Math.round(Math.min(coupon.percentOff, 100) * 1000);
    discount = Math.round((amountCents * milliPercent) / 100_000);
  } else if (coupon.amountOff !== null && coupon.amountOff > 0) {
    discount = coupon.amountOff;
  }
  return Math.max(0, Math.min(discount, amountCents));
}

/** The name shown when applied: its own name, else '10% off' / '$25.00 off'. */
export function couponDisplayName(coupon: Pick<CouponRule, 'code' | 'name' | 'percentOff' | 'amountOff'>): string {
  if (coupon.name) return coupon.name;
  if (coupon.percentOff !== null) return `${Number(coupon.percentOff.toFixed(2))}% off`;
  if (coupon.amountOff !== null) return `$${(coupon.amountOff / 100).toFixed(2)} off`;
  return coupon.code;
}

/** Codes are stored upper-case; lookups normalise what the customer typed the same way. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();
