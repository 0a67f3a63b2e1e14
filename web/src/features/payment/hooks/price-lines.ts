import { formatTaxRate } from '@vetconsult/schema/payment';
import { URGENCY_LABELS, URGENCY_WINDOW_HOURS } from '@vetconsult/schema/urgency';
import type { PaymentIntent } from '../api/payments';
import { formatMoney } from './payment-messages';

export interface PriceLine {
  name: string;
  amount: string;
  tone?: 'discount';
}

/**
 * The price lines above the total (SPEC §9), in the currency the server priced them in: the fee, the
 * urgency's fee when it adds one (issue 19: 'STAT (4 h)'), the discount with the coupon's name, and the
 * tax naming the province and its rate — left out when no tax applies (no tax amount, or zero).
 */
export function priceLines(
  intent: Pick<
    PaymentIntent,
    'currency' | 'originalAmount' | 'discountAmount' | 'couponName' | 'taxAmount' | 'taxRate' | 'province'
  > &
    Partial<Pick<PaymentIntent, 'urgency' | 'urgencyFeeAmount'>>,
  label: string,
): PriceLine[] {
  const money = (cents: number) => formatMoney(cents, intent.currency);
  const urgencyFee = intent.urgencyFeeAmount ?? 0;
  const rows: PriceLine[] = [{ name: label, amount: money(intent.originalAmount - urgencyFee) }];
  if (urgencyFee > 0 && intent.urgency) {
    rows.push({
      name: `${URGENCY_LABELS[intent.urgency]} (${URGENCY_WINDOW_HOURS[intent.urgency]} h)`,
      amount: money(urgencyFee),
    });
  }
  if (intent.discountAmount > 0) {
    rows.push({
      name: intent.couponName ? `Discount (${intent.couponName})` : 'Discount',
      amount: money(-intent.discountAmount),
      tone: 'discount',
    });
  }
  const taxAmount = intent.taxAmount ?? 0;
  if (taxAmount > 0) {
    const where = intent.province ? `${intent.province} ` : '';
    rows.push({ name: `Tax (${where}${formatTaxRate(intent.taxRate ?? 0)})`, amount: money(taxAmount) });
  }
  return rows;
}
