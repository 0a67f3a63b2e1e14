import { shortId } from '@vetconsult/schema/values';
import { Button } from '../../../components/ui/button';
import type { DraftStatus } from '../hooks/use-draft-sync';

interface DraftStatusCardProps {
  uuid: string | null;
  status: DraftStatus;
  lastSavedAt: Date | null;
  awaitingPayment: boolean;
  /** Paid and being submitted: nothing left to save or clear. */
  locked?: boolean;
  onSaveNow(): void;
  onClear(): void;
}

const STATUS_TEXT: Record<DraftStatus, string> = {
  idle: 'Changes are saved automatically',
  saving: 'Saving...',
  saved: 'All changes saved',
  local: 'Saved on this device - will sync when back online',
  conflict: 'Conflict - choose a version below',
  error: 'Not saved - check the highlighted fields',
};

const DOT: Record<DraftStatus, string> = {
  idle: 'bg-slate-400',
  saving: 'bg-amber-500 animate-pulse',
  saved: 'bg-emerald-500',
  local: 'bg-amber-500',
  conflict: 'bg-red-500',
  error: 'bg-red-500',
};

/** The draft status card (SPEC §2): draft id (8 characters), save state, Save Now and Clear Draft. */
export function DraftStatusCard({
  uuid,
  status,
  lastSavedAt,
  awaitingPayment,
  locked = false,
  onSaveNow,
  onClear,
}: DraftStatusCardProps) {
  const time = lastSavedAt?.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return (
    <section
      aria-label="Draft status"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex min-w-0 items-center gap-3">
        <span
          className={`size-2.5 shrink-0 rounded-full ${awaitingPayment ? 'bg-brand-500' : DOT[status]}`}
          aria-hidden="true"
        />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900 dark:text-white">
            {uuid ? (
              <>
                Draft <span className="font-mono text-brand-700 dark:text-brand-400">#{shortId(uuid)}</span>
              </>
            ) : (
              'New draft'
            )}
          </p>
          <p
            className="text-xs text-slate-500 dark:text-slate-400"
            role="status"
            aria-live="polite"
            data-testid="draft-status"
          >
            {awaitingPayment && status !== 'saving' && status !== 'conflict' && status !== 'local'
              ? 'Awaiting payment - changes are saved automatically'
              : `${STATUS_TEXT[status]}${status === 'saved' && time ? ` at ${time}` : ''}`}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          className="px-3 py-2"
          onClick={onSaveNow}
          busy={status === 'saving'}
          disabled={locked}
        >
          Save Now
        </Button>
        <Button
          variant="ghost"
          className="px-3 py-2 text-red-700 dark:text-red-400"
          onClick={onClear}
          disabled={locked}
        >
          Clear Draft
        </Button>
      </div>
    </section>
  );
}
