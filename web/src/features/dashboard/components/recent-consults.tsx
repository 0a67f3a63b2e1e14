import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { DueClock } from '../../../components/ui/due-clock';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { UnreadBadge } from '../../../components/ui/unread-badge';
import { caseDateLine, truncateTitle } from '../../../lib/case-display';
import { useRecentConsults } from '../api/recent-consults';

// SPEC §2 /dashboard "Recent Consults": the 5 newest by creation date.

export function RecentConsults({ canCreate }: { canCreate: boolean }) {
  const recent = useRecentConsults();
  const list = recent.data?.myCases ?? [];

  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="dashboard-recent-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="dashboard-recent-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Recent Consults
        </h2>
        {list.length > 0 ? (
          <Link to="/consults" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
            View all
          </Link>
        ) : null}
      </div>
      <div className="mt-4">
        {recent.loading && !recent.data ? (
          <LoadingState label="Loading consults..." />
        ) : recent.error && !recent.data ? (
          <ErrorState title="Failed to fetch consults" onRetry={() => void recent.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title="No consults yet.">
            {canCreate ? (
              <Link
                to="/consults/new"
                className="inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400"
              >
                Create Your First Consult
              </Link>
            ) : null}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {list.map((kase) => (
              <li key={kase.uuid}>
                <Link
                  to={kase.status === 'pending_payment' ? `/consults/new?draft=${kase.uuid}` : `/consults/${kase.uuid}`}
                  className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
                      {truncateTitle(kase.title)}
                    </p>
                    <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                      #{kase.displayId} · {kase.label} · {caseDateLine(kase)}
                    </p>
                  </div>
                  <UnreadBadge count={kase.unreadMessages} />
                  <span className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center">
                    <DueClock dueAt={kase.dueAt} urgency={kase.urgency} status={kase.status} />
                    <StatusBadge status={kase.status} label={kase.statusLabel} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
