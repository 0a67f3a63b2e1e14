import type { PaymentTypeValue } from '@vetconsult/schema/payment';
import { type CouponRule, couponDiscount } from './coupons';
import { type TaxOptions, type TaxResult, taxForAddress } from './tax';

// The price of a consultation, in cents: base fee (+$75 for a Nutrition complex formulation), minus the
// coupon, plus tax on the discounted amount. Pure: fees come from config, the rest from arguments.

/** SPEC §2/§9: a complex Nutrition formulation adds $75 (plus taxes). */
export const NUTRITION_COMPLEX_FEE_CENTS = 7500;

export interface Fees {
  consultFeeCents: number;
  revisitFeeCents: number;
  currency: string;
}

export interface PriceInput {
  type: PaymentTypeValue;
  /** The case's specialty and formulation choice (new consults only). */
  specialty?: string | null;
  nutritionComplex?: boolean;
  coupon?: Pick<CouponRule, 'percentOff' | 'amountOff'> | null;
  clinicAddress: string | null | undefined;
}

export interface PriceBreakdown {
  currency: string;
  /** Base fee plus the complex-formulation fee, before discount. */
  originalAmount: number;
  discountAmount: number;
  /** originalAmount - discountAmount: what tax is computed on. */
  subtotalAmount: number;
  taxAmount: number;
  /** Percent, e.g. 13. */
  taxRate: number;
  totalAmount: number;
  province: string | null;
  isCanadian: boolean;
  taxComponents: TaxResult['components'];
}

/** The fee before any coupon. */
export function baseAmount(fees: Fees, input: Pick<PriceInput, 'type' | 'specialty' | 'nutritionComplex'>): number {
  if (input.type === 'revisit') return fees.revisitFeeCents;
  const complex = input.nutritionComplex === true && (input.specialty ?? '').toLowerCase() === 'nutrition';
  return fees.consultFeeCents + (complex ? NUTRITION_COMPLEX_FEE_CENTS : 0);
}

export function priceConsultation(fees: Fees, input: PriceInput, taxOptions: TaxOptions = {}): PriceBreakdown {
  const originalAmount = baseAmount(fees, input);
  const discountAmount = input.coupon ? couponDiscount(input.coupon, originalAmount) : 0;
  const subtotalAmount = originalAmount - discountAmount;
  const tax = taxForAddress(subtotalAmount, input.clinicAddress, taxOptions);
  return {
    currency: fees.currency,
    originalAmount,
    discountAmount,
    subtotalAmount,
    taxAmount: tax.taxAmount,
    taxRate: tax.taxRate,
    totalAmount: subtotalAmount + tax.taxAmount,
    province: tax.province,
    isCanadian: tax.isCanadian,
    taxComponents: tax.components,
  };
}
