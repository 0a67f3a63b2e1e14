import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { useDashboardStats } from '../api/dashboard-stats';

// SPEC §2 /dashboard: three stat cards, each linking to the consult list with its tab preselected.

const CARDS = [
  {
    key: 'activeCount',
    label: 'Active Consults',
    to: '/consults?status=accepted',
    accent: 'bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
    icon: 'bolt',
  },
  {
    key: 'completedThisWeek',
    label: 'Completed This Week',
    to: '/consults?status=reviewed',
    accent: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
    icon: 'check-circle',
  },
  {
    key: 'pendingCount',
    label: 'Pending Response',
    to: '/consults?status=pending',
    accent: 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
    icon: 'clock',
  },
] as const;

export function StatCards() {
  const stats = useDashboardStats();

  if (stats.error && !stats.data) {
    return <ErrorState title="Failed to fetch stats" onRetry={() => void stats.refetch()} />;
  }
  const values = stats.data?.dashboardStats;

  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {CARDS.map((card) => (
        <li key={card.key}>
          <Link
            to={card.to}
            className="group flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
          >
            <span className={`flex size-11 shrink-0 items-center justify-center rounded-xl ${card.accent}`}>
              <Icon name={card.icon} className="size-6" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-600 dark:text-slate-400">{card.label}</span>
              <span
                className="mt-0.5 block text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
                data-testid={`stat-${card.key}`}
              >
                {values ? (
                  values[card.key]
                ) : (
                  <span className="inline-block h-8 w-10 animate-pulse rounded bg-slate-200 align-middle dark:bg-slate-700">
                    <span className="sr-only">Loading</span>
                  </span>
                )}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
