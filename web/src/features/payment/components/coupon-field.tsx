import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/form-field';

interface CouponFieldProps {
  appliedCode: string | null;
  busy: boolean;
  disabled?: boolean;
  /** Resolves to an error message, or null when the code was applied. */
  onApply(code: string): Promise<string | null>;
  onRemove(): void;
}

/** Apply, applied (input locked, Remove shown), removed (SPEC §4 "Coupon"). */
export function CouponField({ appliedCode, busy, disabled = false, onApply, onRemove }: CouponFieldProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const applied = appliedCode !== null;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(await onApply(code));
  };

  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={applied ? appliedCode : code}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (!applied) void submit();
            }
          }}
          readOnly={applied}
          disabled={disabled}
          autoComplete="off"
          placeholder="Enter code"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${INPUT_CLASS} ${error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700'} uppercase read-only:bg-slate-100 dark:read-only:bg-slate-800`}
        />
        {applied ? (
          <Button variant="secondary" onClick={onRemove} busy={busy} disabled={disabled}>
            Remove
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => void submit()} busy={busy} disabled={disabled}>
            Apply
          </Button>
        )}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {applied ? (
        <p className="mt-1.5 text-xs font-medium text-emerald-700 dark:text-emerald-400">
          Coupon {appliedCode} applied
        </p>
      ) : null}
    </div>
  );
}
