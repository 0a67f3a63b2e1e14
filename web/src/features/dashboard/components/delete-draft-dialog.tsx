import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

// SPEC §5 "Draft deletion asks" the confirmation below before the draft is removed.

interface DeleteDraftDialogProps {
  open: boolean;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function DeleteDraftDialog({ open, busy, onCancel, onConfirm }: DeleteDraftDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Delete draft"
      confirmLabel="Delete"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      Are you sure you want to delete this draft? This action cannot be undone.
    </ConfirmDialog>
  );
}
