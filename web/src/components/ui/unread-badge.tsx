/**
 * Unread conversation messages of a case (issue 15), for lists, cards and the dashboard: nothing at 0.
 * Shared UI (any feature may render it); the counts come from each list's own query (Case.unreadMessages,
 * DashboardStats.unreadMessages) and stay live through the case-conversation feature's activity
 * subscription, which updates them in the cache.
 */
export function UnreadBadge({ count, className = '' }: { count: number | null | undefined; className?: string }) {
  if (!count || count <= 0) return null;
  const label = `${count} unread message${count === 1 ? '' : 's'}`;
  return (
    <span
      title={label}
      data-testid="unread-badge"
      className={`inline-flex min-w-5 shrink-0 items-center justify-center gap-1 rounded-full bg-brand-700 px-1.5 py-0.5 text-xs leading-none font-semibold text-white dark:bg-brand-400 dark:text-slate-950 ${className}`}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
