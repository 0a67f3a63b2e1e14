import { DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import type { ReactNode } from 'react';

// The one modal shell (Headless UI: focus trap, Escape, inert background, labelled by its title).

const WIDTHS = { md: 'max-w-md', lg: 'max-w-lg' } as const;
const PLACEMENTS = {
  center: 'items-center',
  /** At the bottom of small screens, where the thumb is; centred from the sm breakpoint. */
  sheet: 'items-end sm:items-center',
} as const;

export interface DialogProps {
  open: boolean;
  /**
   * Escape or a click outside; leave it out while the dialog must stay (work in flight, or a choice
   * only its buttons can make).
   */
  onClose?: () => void;
  width?: keyof typeof WIDTHS;
  placement?: keyof typeof PLACEMENTS;
  /** A dialog around an image (the photo crop): a darker backdrop, less padding on small screens. */
  media?: boolean;
  children: ReactNode;
}

const stay = () => undefined;

export function Dialog({ open, onClose, width = 'md', placement = 'center', media = false, children }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose ?? stay} className="relative z-50">
      <div
        className={`fixed inset-0 ${media ? 'bg-slate-950/60' : 'bg-slate-950/50'} backdrop-blur-sm`}
        aria-hidden="true"
      />
      {/* The outer layer scrolls, so a panel taller than the screen can still be read to its end. */}
      <div className="fixed inset-0 overflow-y-auto">
        <div className={`flex min-h-full justify-center p-4 ${PLACEMENTS[placement]}`}>
          <DialogPanel
            className={`w-full ${WIDTHS[width]} rounded-2xl border border-slate-200 bg-white ${media ? 'p-5 sm:p-6' : 'p-6'} shadow-xl dark:border-slate-700 dark:bg-slate-900`}
          >
            {children}
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}

/** The dialog's heading; Headless UI names the dialog after it. */
export function DialogHeading({ children }: { children: ReactNode }) {
  return <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">{children}</DialogTitle>;
}
