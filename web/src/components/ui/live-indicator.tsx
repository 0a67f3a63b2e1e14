import { useSocketStatus } from '../../lib/socket-status';

/**
 * "Live" while the subscription socket is up, "Reconnecting" while it is down; nothing when unused.
 * `textClassName` may hide the word on narrow rows (the dot stays; the word is still read out and
 * shown as a tooltip).
 */
export function LiveIndicator({ textClassName = '' }: { textClassName?: string }) {
  const status = useSocketStatus();
  if (status === 'idle') return null;
  const live = status === 'connected';
  return (
    <span
      role="status"
      title={live ? 'Live' : 'Reconnecting'}
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600 dark:border-slate-700 dark:text-slate-300"
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${live ? 'bg-emerald-500' : 'animate-pulse bg-amber-500'}`}
      />
      <span className={textClassName}>{live ? 'Live' : 'Reconnecting'}</span>
    </span>
  );
}
