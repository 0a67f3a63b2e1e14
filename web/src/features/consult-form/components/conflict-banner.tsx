import { Button } from '../../../components/ui/button';
import { fieldLabel } from '../hooks/consult-form-values';
import { CONFLICT_TEXT, CONFLICT_TITLE, type DraftConflict } from '../hooks/use-draft-sync';

interface ConflictBannerProps {
  conflict: DraftConflict;
  busy: boolean;
  onUseServer(): void;
  onKeepMine(): void;
}

/** SPEC §4: Use Server Version (recommended; overwrites the form) or Keep My Changes. */
export function ConflictBanner({ conflict, busy, onUseServer, onKeepMine }: ConflictBannerProps) {
  const fields = conflict.conflictFields.map(fieldLabel);
  return (
    <section
      role="alert"
      aria-labelledby="draft-conflict-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <h2 id="draft-conflict-title" className="text-sm font-semibold text-amber-900 dark:text-amber-100">
        {CONFLICT_TITLE}
      </h2>
      <p className="mt-1 text-sm text-amber-800 dark:text-amber-200">{CONFLICT_TEXT}</p>
      {fields.length > 0 ? (
        <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">Changed fields: {fields.join(', ')}</p>
      ) : null}
      <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">Server version {conflict.serverVersion}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={onUseServer} disabled={busy}>
          Use Server Version
          <span className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-medium">Recommended</span>
        </Button>
        <Button variant="secondary" onClick={onKeepMine} busy={busy}>
          Keep My Changes
        </Button>
      </div>
    </section>
  );
}
