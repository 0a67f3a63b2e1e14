import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';

// Labelled inputs with their error wired through aria-invalid / aria-describedby.

export const INPUT_CLASS =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:focus:outline-brand-400';

function borderClass(error?: string) {
  return error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700';
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

interface FieldShellProps {
  id: string;
  label: string;
  /** Marks the label with an asterisk (the control itself carries aria-required). */
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/**
 * The asterisk of a required field, drawn by CSS after the label text: seen, not part of the label's
 * text (the control says aria-required), so the label still reads exactly as the spec names the field.
 */
export const REQUIRED_MARK_CLASS = "after:ml-0.5 after:text-red-700 after:content-['*'] dark:after:text-red-400";

function FieldShell({ id, label, required, error, hint, children }: FieldShellProps) {
  return (
    <div>
      <label
        htmlFor={id}
        className={`mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200 ${required ? REQUIRED_MARK_CLASS : ''}`}
      >
        {label}
      </label>
      {children}
      {hint && !error ? <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Marked with an asterisk and aria-required (not the browser's own `required`, which would block the form). */
  mandatory?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, mandatory, id, className = '', ref, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} required={mandatory} error={error} hint={hint}>
      <input
        ref={ref}
        id={inputId}
        aria-required={mandatory ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={`${INPUT_CLASS} ${borderClass(error)} ${className}`}
        {...rest}
      />
    </FieldShell>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  /** Marked with an asterisk and aria-required. */
  mandatory?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, error, mandatory, id, className = '', ref, children, ...rest }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldShell id={selectId} label={label} required={mandatory} error={error}>
      <select
        ref={ref}
        id={selectId}
        aria-required={mandatory ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={`${INPUT_CLASS} ${borderClass(error)} ${className}`}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
}
