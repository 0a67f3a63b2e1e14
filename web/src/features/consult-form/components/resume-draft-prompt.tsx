import { useId } from 'react';
import { Button } from '../../../components/ui/button';

// Issue 22 item 4: New Consult starts a new draft; the newest draft is offered, not forced.

export function ResumeDraftPrompt({
  patientName,
  onResume,
  onStartNew,
}: {
  patientName: string | null;
  onResume(): void;
  onStartNew(): void;
}) {
  const headingId = useId();
  const patient = patientName?.trim() || 'an unnamed patient';
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-brand-900 dark:bg-brand-950/40"
    >
      <div className="min-w-0">
        <h2 id={headingId} className="text-sm font-semibold break-words text-slate-900 dark:text-white">
          Resume your draft for {patient}?
        </h2>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Or start a new consult: this form is a new draft, and your other drafts stay in the Drafts list.
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button className="px-3 py-2" onClick={onResume}>
          Resume
        </Button>
        <Button variant="secondary" className="px-3 py-2" onClick={onStartNew}>
          Start a new consult
        </Button>
      </div>
    </section>
  );
}
