import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { dismissToast, TOAST_EXIT_MS, type Toast, useToasts } from '../../lib/toasts';
import { Icon } from './icon';

// The toast region (SPEC §4 "Toasts"): one toast at a time, auto-dismissed after its duration
// (paused while hovered or focused), swipe right by 50 px to dismiss, F8 moves focus to the region.

const SWIPE_THRESHOLD_PX = 50;

const VARIANT_CLASS: Record<Toast['variant'], string> = {
  default: 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50',
  destructive: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50',
};

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  // A dismissed toast stays in the list (SPEC's removal delay) but is hidden once it has animated out.
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (toast.open) return;
    const timer = window.setTimeout(() => setHidden(true), TOAST_EXIT_MS);
    return () => window.clearTimeout(timer);
  }, [toast.open]);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (!toast.open || paused) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.open, toast.durationMs, paused]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset > SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    else setOffset(0);
  };

  return (
    <li
      hidden={hidden}
      // While it animates out it can be neither read out nor focused (its Close button may hold focus).
      aria-hidden={!toast.open}
      inert={!toast.open}
      data-variant={toast.variant}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{ transitionDuration: `${TOAST_EXIT_MS}ms`, ...(offset ? { transform: `translateX(${offset}px)` } : {}) }}
      className={`pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg transition ease-out starting:translate-y-2 starting:opacity-0 ${
        toast.open ? 'translate-y-0 opacity-100' : 'translate-x-4 opacity-0'
      } ${VARIANT_CLASS[toast.variant]}`}
    >
      {/* The live role sits inside the list item so the list keeps its semantics. */}
      <div role={toast.variant === 'destructive' ? 'alert' : 'status'} aria-atomic="true" className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100"
        aria-label="Close"
      >
        <Icon name="x-mark-solid" className="size-4" />
      </button>
    </li>
  );
}

export function Toaster() {
  const toasts = useToasts();
  const region = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') region.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // Above every modal overlay: its own layer on <body> (a modal dialog's portal comes later in the
  // document, so an equal z-index would cover the toast), and a z-index above the dialogs' z-50. Being
  // outside the app's root, a modal dialog neither makes it inert nor treats a click on it as "outside".
  return createPortal(
    <section
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] sm:right-0 sm:left-auto"
    >
      <ol ref={region} tabIndex={-1} className="flex w-full flex-col gap-2 p-4 outline-none sm:w-[26rem]">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ol>
    </section>,
    document.body,
  );
}
