import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface RejectApplicationDialogProps {
  /** The applicant being rejected; null closes the dialog. */
  applicant: { name: string } | null;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function RejectApplicationDialog({ applicant, busy, onCancel, onConfirm }: RejectApplicationDialogProps) {
  return (
    <ConfirmDialog
      open={applicant !== null}
      title="Reject Application"
      icon="exclamation-triangle"
      confirmLabel="Reject Application"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      Are you sure you want to reject {applicant?.name}'s application? This will permanently remove their account.
    </ConfirmDialog>
  );
}
