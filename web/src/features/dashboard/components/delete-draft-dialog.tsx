import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Button } from '../../../components/ui/button';

// SPEC §5 "Draft deletion asks" the confirmation below before the draft is removed.

interface DeleteDraftDialogProps {
  open: boolean;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function DeleteDraftDialog({ open, busy, onCancel, onConfirm }: DeleteDraftDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? () => undefined : onCancel} className="relative z-50">
      <div className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">Delete draft</DialogTitle>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            Are you sure you want to delete this draft? This action cannot be undone.
          </p>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={onConfirm} busy={busy}>
              Delete
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
