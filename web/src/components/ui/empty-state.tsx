import type { ReactNode } from 'react';
import { Spinner } from './spinner';

// The loading, empty and error states every data component renders (docs/architecture.md rule 9).

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 py-10 text-sm">
      <Spinner className="size-6" />
      <span className="text-slate-600 dark:text-slate-400">{label}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{title}</p>
      {children ? <div className="mt-3 text-sm text-slate-500 dark:text-slate-400">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ title, detail, onRetry }: { title: string; detail?: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 px-6 py-6 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <p className="text-sm font-semibold text-red-800 dark:text-red-200">{title}</p>
      {detail ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{detail}</p> : null}
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 text-sm font-medium text-red-800 underline underline-offset-2 hover:no-underline dark:text-red-200"
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}
