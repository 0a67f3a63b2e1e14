// A case status as a coloured pill; the label comes from the server (CASE_STATUS_LABELS, else raw).

const STATUS_CLASS: Record<string, string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  pending_payment:
    'bg-orange-50 text-orange-800 ring-orange-300 dark:bg-orange-950 dark:text-orange-200 dark:ring-orange-800',
  pending: 'bg-amber-50 text-amber-800 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
  accepted: 'bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800',
  reviewed:
    'bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  cancelled:
    'bg-slate-100 text-slate-600 ring-slate-300 line-through decoration-slate-400 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-600',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_CLASS[status] ?? STATUS_CLASS.draft}`}
    >
      {label}
    </span>
  );
}
