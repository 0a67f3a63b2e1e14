import { type InputHTMLAttributes, type Ref, useId } from 'react';
import { FieldError } from './form-field';

// The terms acceptance of a consultation and of a revisit: a checkbox whose label links to the terms
// (in a new tab), with the field's error below.

const TERMS_URL = 'https://vetconsult.example/terms-of-service';

interface TermsCheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'children'> {
  /** The words after the link, punctuation included, e.g. ' of the specialty consultation service.' */
  after: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TermsCheckbox({ after, error, ref, ...rest }: TermsCheckboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700 dark:accent-brand-400"
          {...rest}
        />
        <label htmlFor={id} className="text-sm text-slate-700 dark:text-slate-200">
          I accept the{' '}
          <a
            href={TERMS_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-400"
          >
            terms and conditions
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          {after}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </>
  );
}
