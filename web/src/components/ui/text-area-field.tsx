import { type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { FieldError, INPUT_CLASS, REQUIRED_MARK_CLASS } from './form-field';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: string;
  /** Marked with an asterisk and aria-required. */
  mandatory?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, mandatory, id, className = '', ref, ...rest }: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const describedBy = [error ? `${fieldId}-error` : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label
        htmlFor={fieldId}
        className={`mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200 ${mandatory ? REQUIRED_MARK_CLASS : ''}`}
      >
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        aria-required={mandatory ? true : undefined}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${INPUT_CLASS} ${error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700'} ${className}`}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}
