import { URGENCIES, URGENCY_LABELS, type Urgency, urgencyPromise } from '@vetconsult/schema/urgency';
import { type ReactNode, useId } from 'react';

// Issue 19: Routine / Priority / STAT on the new-consult and revisit forms. The fee each adds is priced
// by the server and shown on the price summary; STAT's rule (a specialist available now) is said here
// and enforced on the server.

const NOTE: Readonly<Record<Urgency, string | null>> = {
  routine: null,
  priority: 'Adds the Priority fee',
  stat: 'Adds the STAT fee · only specialists available now',
};

export function UrgencyPicker({
  value,
  onChange,
  children,
}: {
  value: Urgency;
  onChange(urgency: Urgency): void;
  /** Shown under the choices (e.g. why STAT cannot go to the chosen specialist). */
  children?: ReactNode;
}) {
  const name = useId();
  return (
    <fieldset data-testid="urgency-picker">
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Urgency</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {URGENCIES.map((urgency) => {
          const checked = urgency === value;
          return (
            <label
              key={urgency}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
                checked
                  ? 'border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-950/50'
                  : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={urgency}
                checked={checked}
                onChange={() => onChange(urgency)}
                className="mt-1 size-4 accent-brand-700 focus-visible:outline-none dark:accent-brand-400"
              />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900 dark:text-white">
                  {URGENCY_LABELS[urgency]}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{urgencyPromise(urgency)}</span>
                {NOTE[urgency] ? (
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{NOTE[urgency]}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {children}
    </fieldset>
  );
}
