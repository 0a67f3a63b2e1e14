import { testCardSchema } from '@vetconsult/schema/payment';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';

export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

const cardFieldsSchema = testCardSchema.omit({ paymentIntentId: true });

const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

type CardErrors = Partial<Record<'cardNumber' | 'expiry' | 'cvc', string>>;

interface TestCardFormProps {
  payLabel: string;
  busy: boolean;
  onPay(card: CardDetails): void;
  onCancel(): void;
}

/**
 * The built-in test provider's card form (no Stripe key configured): number, MM/YY and CVC, checked
 * with the shared rules, then confirmed by the server with Stripe's documented test card numbers.
 */
export function TestCardForm({ payLabel, busy, onPay, onCancel }: TestCardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<CardErrors>({});
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [month = '', year = ''] = expiry.split('/');
    const next: CardErrors = {};
    const parsed = cardFieldsSchema.safeParse({ cardNumber, expMonth: month, expYear: year, cvc });
    if (!/^\d{2}\/\d{2}$/.test(expiry)) next.expiry = 'Enter the expiry date as MM/YY';
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'cardNumber' && !next.cardNumber) next.cardNumber = issue.message;
        if ((field === 'expMonth' || field === 'expYear') && !next.expiry) next.expiry = issue.message;
        if (field === 'cvc' && !next.cvc) next.cvc = issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    onPay(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-describedby={hintId}>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={cardNumber}
        onChange={(event) => setCardNumber(groupDigits(event.target.value))}
        error={errors.cardNumber}
        disabled={busy}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={expiry}
          onChange={(event) => setExpiry(formatExpiry(event.target.value))}
          error={errors.expiry}
          disabled={busy}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={cvc}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
          error={errors.cvc}
          disabled={busy}
        />
      </div>
      <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
        Test mode: use card 4242 4242 4242 4242 with any future date and any CVC.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? 'Processing...' : payLabel}
        </Button>
      </div>
    </form>
  );
}
