import { type ClockTone, timeLeft, type Urgency } from '@vetconsult/schema/urgency';
import { useNow } from '../../lib/use-now';
import { Icon } from './icon';

// Issue 19: the time left of a paid case, live (one shared ticker), colour-coded: green while more than
// half the window is left, amber after, red once overdue ("Overdue by 2 h"). Words and tones come from
// the shared pure function (schema/src/turnaround.ts), which the server's overdue flag also uses.

const TONE_CLASS: Record<ClockTone, string> = {
  ok: 'bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  soon: 'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
  overdue: 'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
  none: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
};

/** Statuses on which a clock is shown: the answer is still owed. */
const RUNNING = new Set(['pending', 'accepted']);

export interface DueClockProps {
  dueAt: string | null | undefined;
  urgency: Urgency;
  status: string;
  className?: string;
}

export function DueClock({ dueAt, urgency, status, className = '' }: DueClockProps) {
  const now = useNow();
  if (!dueAt || !RUNNING.has(status)) return null;
  const left = timeLeft(dueAt, urgency, now);
  return (
    <span
      data-testid="due-clock"
      data-tone={left.tone}
      data-remaining-s={Math.round(left.remainingMs / 1000)}
      title={`Due ${new Date(dueAt).toLocaleString()}`}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset ${TONE_CLASS[left.tone]} ${className}`}
    >
      <Icon name={left.tone === 'overdue' ? 'exclamation-circle' : 'clock'} className="size-3.5" />
      {left.text}
    </span>
  );
}

/** The urgency as a small label next to the status (Routine shows none). */
export function UrgencyTag({ urgency }: { urgency: Urgency }) {
  if (urgency === 'routine') return null;
  return (
    <span
      data-testid="urgency-tag"
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-bold uppercase tracking-wide ring-1 ring-inset ${
        urgency === 'stat'
          ? 'bg-red-600 text-white ring-red-700 dark:bg-red-500 dark:ring-red-400'
          : 'bg-violet-50 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-800'
      }`}
    >
      {urgency === 'stat' ? 'STAT' : 'Priority'}
    </span>
  );
}
