import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Button } from '../../../components/ui/button';

interface RejectApplicationDialogProps {
  /** The applicant being rejected; null closes the dialog. */
  applicant: { name: string } | null;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function RejectApplicationDialog({ applicant, busy, onCancel, onConfirm }: RejectApplicationDialogProps) {
  return (
    <Dialog open={applicant !== null} onClose={busy ? () => undefined : onCancel} className="relative z-50">
      <div className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <div className="flex items-start gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300">
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                className="size-5"
                aria-hidden="true"
              >
                <path
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  d="M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z"
                />
              </svg>
            </span>
            <div>
              <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">
                Reject Application
              </DialogTitle>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                Are you sure you want to reject {applicant?.name}'s application? This will permanently remove their
                account.
              </p>
            </div>
          </div>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={onConfirm} busy={busy}>
              Reject Application
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
