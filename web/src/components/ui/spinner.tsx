export function Spinner({ className = 'size-5', label }: { className?: string; label?: string }) {
  return (
    <>
      <svg
        className={`animate-spin text-brand-600 dark:text-brand-400 ${className}`}
        viewBox="0 0 24 24"
        aria-hidden="true"
      >
        <circle className="opacity-25" cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="4" />
        <path className="opacity-90" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

/** The centred spinner shown while the session or a route loads (SPEC §2). */
export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center py-16" role="status" aria-live="polite">
      <Spinner className="size-10" label={label} />
    </div>
  );
}
