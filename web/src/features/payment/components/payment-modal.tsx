import { useState } from 'react';
import { Dialog, DialogHeading } from '../../../components/ui/dialog';
import { PaymentPanel, type PaymentPanelProps } from './payment-panel';

export interface PaymentModalProps extends Omit<PaymentPanelProps, 'onBusyChange'> {
  open: boolean;
}

const TITLES = { consultation: 'New Consultation Payment', revisit: 'Case Reopening Payment' } as const;

/** The payment modal of the consult form; it cannot be dismissed while a payment is in flight. */
export function PaymentModal({ open, ...panel }: PaymentModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={busy ? undefined : panel.onCancel} width="lg" placement="sheet">
      <DialogHeading>{TITLES[panel.type]}</DialogHeading>
      <p className="mt-1 mb-5 text-sm text-slate-600 dark:text-slate-400">
        Pay securely to send your case to the specialist.
      </p>
      {open ? <PaymentPanel {...panel} onBusyChange={setBusy} /> : null}
    </Dialog>
  );
}
