import { applyCouponSchema, COUPON_MESSAGES } from '@vetconsult/schema/payment';
import type { PromotionCode } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { badInput } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { type Actor, ADMIN_ONLY, requireRole } from '../actor';
import { assertCouponUsable, couponDisplayName, normalizeCouponCode } from './coupons';
import { caseToPay } from './payable-case';
import type { PaymentsContext } from './payment-records';
import { requirePayer } from './payment-records';
import { baseAmount, clinicCurrency, feesFor, priceConsultation } from './pricing';

// SPEC §4 "Coupon": checking a promotion code before paying (POST /api/payment/apply-coupon), and
// creating at the provider the codes that exist only here. The rules of a code are coupons.ts; its
// redemption is counted when a payment activates its case (settlement.ts).

export interface AppliedCoupon {
  discountAmount: number;
  couponName: string;
  couponCode: string;
}

/** A code as the customer typed it, in any case. */
export function findCoupon(db: Db, code: string): Promise<PromotionCode | null> {
  return db.promotionCode.findFirst({ where: { code: { equals: normalizeCouponCode(code), mode: 'insensitive' } } });
}

export function createPromotionCodes(ctx: PaymentsContext) {
  const { db, fees, provider, now } = ctx;
  return {
    /** Checks a code and says what it saves on the fee (of the case when given, else of the payment type). */
    async applyCoupon(actor: Actor | null, raw: unknown): Promise<AppliedCoupon> {
      const who = requirePayer(actor);
      const input = parseInput(applyCouponSchema, raw);
      let type = input.paymentType;
      let specialty: string | null = null;
      let nutritionComplex = false;
      let urgency = input.urgency;
      if (input.caseId !== undefined) {
        const paid = await caseToPay(ctx, who, input.caseId, type, input.urgency);
        type = paid.type;
        specialty = paid.kase.specialty;
        nutritionComplex = type === 'consultation' && paid.kase.nutritionComplex;
        urgency = paid.terms.urgency;
      }
      const coupon = await findCoupon(db, input.couponCode);
      const clinic = await db.user.findUnique({ where: { id: who.id }, select: { clinicAddress: true } });
      const clinicAddress = clinic?.clinicAddress ?? null;
      const currency = clinicCurrency(fees, clinicAddress);
      const base = baseAmount(feesFor(fees, currency), { type, specialty, nutritionComplex, urgency });
      assertCouponUsable(coupon, base, currency, now());
      if (!coupon) throw badInput(COUPON_MESSAGES.invalid, 'couponCode');
      const price = priceConsultation(fees, { type, specialty, nutritionComplex, urgency, coupon, clinicAddress });
      return { discountAmount: price.discountAmount, couponName: couponDisplayName(coupon), couponCode: coupon.code };
    },

    /** Creates, at the provider, the usable promotion codes that exist only here (administrator). */
    async syncPromotionCodes(actor: Actor | null): Promise<{ synced: number }> {
      requireRole(actor, 'ADMIN', ADMIN_ONLY);
      const pending = await db.promotionCode.findMany({
        where: {
          stripePromotionCodeId: null,
          active: true,
          OR: [{ expiresAt: null }, { expiresAt: { gt: now() } }],
        },
        orderBy: { id: 'asc' },
      });
      let synced = 0;
      for (const code of pending) {
        const ids = await provider.syncPromotionCode(code);
        if (!ids) continue;
        await db.promotionCode.update({ where: { id: code.id }, data: ids });
        synced++;
      }
      return { synced };
    },
  };
}
