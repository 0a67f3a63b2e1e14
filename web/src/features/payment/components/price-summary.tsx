import type { PaymentIntent } from '../api/payments';
import { currencyCode, formatMoney } from '../hooks/payment-messages';
import { priceLines } from '../hooks/price-lines';

/**
 * The price lines (SPEC §9) in the currency the server priced them in; the tax line names the
 * province and its rate, and is left out when no tax applies (no tax amount, or zero).
 */
export function PriceSummary({ intent, label }: { intent: PaymentIntent; label: string }) {
  const rows = priceLines(intent, label);
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
          {formatMoney(intent.totalAmount, intent.currency)}{' '}
          <span className="text-xs font-medium text-slate-500 dark:text-slate-400">
            {currencyCode(intent.currency)}
          </span>
        </dd>
      </div>
    </dl>
  );
}
