// The VetConsult mark: a paw print inside a rounded square. Two drawings, one per theme (SPEC §1).

function PawMark({ tile, paw }: { tile: string; paw: string }) {
  return (
    <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={tile} />
      <g fill={paw}>
        <ellipse cx="16" cy="20.5" rx="6" ry="5" />
        <ellipse cx="9" cy="13.5" rx="2.3" ry="3" />
        <ellipse cx="13.5" cy="9.5" rx="2.3" ry="3" />
        <ellipse cx="18.5" cy="9.5" rx="2.3" ry="3" />
        <ellipse cx="23" cy="13.5" rx="2.3" ry="3" />
      </g>
      <path d="M13.2 20.5h5.6M16 17.7v5.6" stroke={tile} strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** `wordmarkClassName` may hide the name on rows without room for it (the link keeps its label). */
export function Logo({ className = '', wordmarkClassName = '' }: { className?: string; wordmarkClassName?: string }) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <span className="dark:hidden">
        <PawMark tile="#0f766e" paw="#ffffff" />
      </span>
      <span className="hidden dark:inline">
        <PawMark tile="#2dd4bf" paw="#042f2e" />
      </span>
      <span
        className={`text-lg font-bold tracking-tight whitespace-nowrap ${wordmarkClassName} text-slate-900 dark:text-white`}
      >
        Vet<span className="text-brand-700 dark:text-brand-300">Consult</span>
      </span>
    </span>
  );
}
