import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogHeading } from './dialog';
import type { IconName } from './icon';
import { IconBadge } from './icon-badge';

// A question with Cancel and one destructive answer (delete a draft, reject an application).
// While the answer is being carried out the dialog stays open and Cancel is disabled.

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, under the title. */
  children: ReactNode;
  confirmLabel: string;
  /** A warning mark beside the title. */
  icon?: IconName;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  icon,
  busy,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const text = (
    <>
      <DialogHeading>{title}</DialogHeading>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{children}</p>
    </>
  );
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel}>
      {icon ? (
        <div className="flex items-start gap-4">
          <IconBadge icon={icon} tone="red" size="sm" className="shrink-0" />
          <div>{text}</div>
        </div>
      ) : (
        text
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
