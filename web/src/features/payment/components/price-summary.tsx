import { formatTaxRate } from '@vetconsult/schema/payment';
import type { PaymentIntent } from '../api/create-payment-intent';
import { formatMoney } from '../hooks/payment-messages';

/** The price lines (SPEC §9): dollars with 2 decimals; the tax line names the province and its rate. */
export function PriceSummary({ intent, label }: { intent: PaymentIntent; label: string }) {
  const rows: Array<{ name: string; amount: string; tone?: 'discount' }> = [
    { name: label, amount: formatMoney(intent.originalAmount) },
  ];
  if (intent.discountAmount > 0) {
    rows.push({
      name: intent.couponName ? `Discount (${intent.couponName})` : 'Discount',
      amount: formatMoney(-intent.discountAmount),
      tone: 'discount',
    });
  }
  if (intent.taxAmount > 0 || intent.province) {
    const where = intent.province ? `${intent.province} ` : '';
    rows.push({ name: `Tax (${where}${formatTaxRate(intent.taxRate)})`, amount: formatMoney(intent.taxAmount) });
  }
  return (
    <dl className="space-y-2 rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60" aria-label="Price summary">
      {rows.map((row) => (
        <div key={row.name} className="flex items-center justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-300">{row.name}</dt>
          <dd
            className={
              row.tone === 'discount'
                ? 'font-medium text-emerald-700 dark:text-emerald-400'
                : 'font-medium text-slate-900 dark:text-slate-100'
            }
          >
            {row.amount}
          </dd>
        </div>
      ))}
      <div className="flex items-center justify-between gap-4 border-t border-slate-200 pt-2 dark:border-slate-700">
        <dt className="font-semibold text-slate-900 dark:text-white">Total</dt>
        <dd className="text-base font-bold text-slate-900 dark:text-white" data-testid="payment-total">
          {formatMoney(intent.totalAmount)}{' '}
          <span className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{intent.currency}</span>
        </dd>
      </div>
    </dl>
  );
}
