import { LIMITS, shortId } from '@vetconsult/schema/values';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatRelativeTime, truncateTitle } from '../../../lib/case-display';
import { toast } from '../../../lib/toasts';
import { useDashboardDrafts } from '../api/dashboard-drafts';
import { useDeleteDraft } from '../api/delete-draft';
import { DeleteDraftDialog } from './delete-draft-dialog';

// SPEC §2 /dashboard "Draft Cases" (veterinarians): the first 3 drafts, Continue and Delete. A case
// whose payment was abandoned is listed here too, 'Awaiting payment', with Complete payment (issue 22).

export function DraftCases() {
  const drafts = useDashboardDrafts();
  const [deleteDraft, { loading: deleting }] = useDeleteDraft();
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteDraft({ variables: { uuid: pendingDelete } });
      toast({
        title: 'Draft deleted',
        description: 'The draft consultation has been deleted successfully.',
        variant: 'success',
      });
    } catch {
      toast({ title: 'Error deleting draft', variant: 'destructive' });
    } finally {
      setPendingDelete(null);
    }
  };

  const list = drafts.data?.drafts ?? [];

  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="dashboard-drafts-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="dashboard-drafts-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Draft Cases
        </h2>
        {list.length > 0 ? (
          <Link
            to="/consults?status=draft"
            className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            View all ({list.length})
          </Link>
        ) : null}
      </div>
      <div className="mt-4">
        {drafts.loading && !drafts.data ? (
          <LoadingState label="Loading drafts..." />
        ) : drafts.error && !drafts.data ? (
          <ErrorState title="Failed to fetch draft cases" onRetry={() => void drafts.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title="No draft cases yet.">
            Your progress is saved automatically as a draft while you fill in a new consult.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {list.slice(0, LIMITS.dashboardDrafts).map((draft) => {
              const unpaid = draft.status === 'pending_payment';
              return (
                <li key={draft.uuid} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
                      {truncateTitle(draft.title)}
                    </p>
                    <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
                      {unpaid ? <StatusBadge status={draft.status} label={draft.statusLabel} /> : null}
                      <span>
                        {unpaid ? 'Case' : 'Draft'} #{shortId(draft.uuid)} · Saved {formatRelativeTime(draft.updatedAt)}
                      </span>
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Link
                      to={`/consults/new?draft=${draft.uuid}`}
                      className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400"
                      aria-label={unpaid ? `Complete payment for ${draft.title}` : `Continue ${draft.title}`}
                    >
                      {unpaid ? 'Complete payment' : 'Continue'}
                    </Link>
                    <Button
                      variant="ghost"
                      className="px-3! py-1.5! text-red-700! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950!"
                      onClick={() => setPendingDelete(draft.uuid)}
                      aria-label={`Delete ${draft.title}`}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <DeleteDraftDialog
        open={pendingDelete !== null}
        busy={deleting}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
