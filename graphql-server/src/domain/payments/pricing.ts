import { addressRegion } from '@vetconsult/schema/address';
import type { PaymentTypeValue } from '@vetconsult/schema/payment';
import type { Urgency } from '@vetconsult/schema/turnaround';
import { type CouponRule, couponDiscount } from './coupons';
import { type TaxOptions, type TaxResult, taxForRegion } from './tax';

// The price of a consultation, in cents: base fee (+$75 for a Nutrition complex formulation), minus the
// coupon, plus tax on the discounted amount. Pure: fees come from config, the rest from arguments.
// Issue 22 item 7: the price is in the clinic's currency (CAD in Canada, USD in the US, the configured
// default otherwise), with that currency's fees. Issue 19: Priority and STAT add their fee on top of the
// consult or revisit fee; the coupon and the tax apply to the whole.

/** SPEC §2/§9: a complex Nutrition formulation adds $75 (plus taxes). */
const NUTRITION_COMPLEX_FEE_CENTS = 7500;

export type UrgencyFees = Readonly<Record<Urgency, number>>;

/** Issue 19 defaults (cents, in every currency): Priority +$40, STAT +$90; Routine adds nothing. */
export const DEFAULT_URGENCY_FEE_CENTS: UrgencyFees = { routine: 0, priority: 4000, stat: 9000 };

export interface CurrencyFees {
  consultFeeCents: number;
  revisitFeeCents: number;
  /** The fee each urgency adds (DEFAULT_URGENCY_FEE_CENTS when not configured). */
  urgencyFeeCents?: UrgencyFees;
}

export interface Fees extends CurrencyFees {
  /** The default currency (clinics whose country cannot be read) and its fees above. */
  currency: string;
  /** Fees per currency (lower case); a currency not listed uses the default fees. */
  byCurrency?: Readonly<Record<string, CurrencyFees>>;
}

/** The currency of a clinic's country. */
const COUNTRY_CURRENCY: Readonly<Record<string, string>> = { CA: 'cad', US: 'usd' };

export function clinicCurrency(fees: Fees, clinicAddress: string | null | undefined): string {
  const region = addressRegion(clinicAddress);
  return (region && COUNTRY_CURRENCY[region.country]) ?? fees.currency.toLowerCase();
}

export function feesFor(fees: Fees, currency: string): CurrencyFees {
  return fees.byCurrency?.[currency.toLowerCase()] ?? fees;
}

export interface PriceInput {
  type: PaymentTypeValue;
  /** The case's specialty and formulation choice (new consults only). */
  specialty?: string | null;
  nutritionComplex?: boolean;
  /** Routine when absent. */
  urgency?: Urgency | null;
  coupon?: Pick<CouponRule, 'percentOff' | 'amountOff'> | null;
  clinicAddress: string | null | undefined;
}

export interface PriceBreakdown {
  currency: string;
  /** Base fee plus the complex-formulation and urgency fees, before discount. */
  originalAmount: number;
  urgency: Urgency;
  /** The urgency's share of originalAmount (0 for Routine), shown as its own line. */
  urgencyFeeAmount: number;
  discountAmount: number;
  /** originalAmount - discountAmount: what tax is computed on. */
  subtotalAmount: number;
  taxAmount: number;
  /** Percent, e.g. 13. */
  taxRate: number;
  totalAmount: number;
  province: string | null;
  isCanadian: boolean;
  /** One line per tax charged; empty where no tax applies (never a 0% line). */
  taxComponents: TaxResult['components'];
}

/** What the urgency adds, in the fees' currency. */
export function urgencyFee(fees: CurrencyFees, urgency: Urgency | null | undefined): number {
  return (fees.urgencyFeeCents ?? DEFAULT_URGENCY_FEE_CENTS)[urgency ?? 'routine'];
}

/** The fee before any coupon, in the fees' currency (pass feesFor(fees, currency) for another one). */
export function baseAmount(
  fees: CurrencyFees,
  input: Pick<PriceInput, 'type' | 'specialty' | 'nutritionComplex' | 'urgency'>,
): number {
  const surcharge = urgencyFee(fees, input.urgency);
  if (input.type === 'revisit') return fees.revisitFeeCents + surcharge;
  const complex = input.nutritionComplex === true && input.specialty === 'Nutrition';
  return fees.consultFeeCents + (complex ? NUTRITION_COMPLEX_FEE_CENTS : 0) + surcharge;
}

export function priceConsultation(fees: Fees, input: PriceInput, taxOptions: TaxOptions = {}): PriceBreakdown {
  const currency = clinicCurrency(fees, input.clinicAddress);
  const currencyFees = feesFor(fees, currency);
  const originalAmount = baseAmount(currencyFees, input);
  const discountAmount = input.coupon ? couponDiscount(input.coupon, originalAmount) : 0;
  const subtotalAmount = originalAmount - discountAmount;
  const tax = taxForRegion(subtotalAmount, addressRegion(input.clinicAddress), taxOptions);
  // A tax of 0% is no tax: the breakdown lists none.
  const components = tax.components.filter((c) => c.rate > 0);
  return {
    currency,
    originalAmount,
    urgency: input.urgency ?? 'routine',
    urgencyFeeAmount: urgencyFee(currencyFees, input.urgency),
    discountAmount,
    subtotalAmount,
    taxAmount: tax.taxAmount,
    taxRate: tax.taxRate,
    totalAmount: subtotalAmount + tax.taxAmount,
    province: tax.province,
    isCanadian: tax.isCanadian,
    taxComponents: components,
  };
}
