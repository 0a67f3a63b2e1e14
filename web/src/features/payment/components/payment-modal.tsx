import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { PaymentPanel, type PaymentPanelProps } from './payment-panel';

export interface PaymentModalProps extends Omit<PaymentPanelProps, 'onBusyChange'> {
  open: boolean;
}

const TITLES = { consultation: 'New Consultation Payment', revisit: 'Case Reopening Payment' } as const;

/** The payment modal of the consult form; it cannot be dismissed while a payment is in flight. */
export function PaymentModal({ open, ...panel }: PaymentModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={busy ? () => undefined : panel.onCancel} className="relative z-50">
      <div className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
            <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">
              {TITLES[panel.type]}
            </DialogTitle>
            <p className="mt-1 mb-5 text-sm text-slate-600 dark:text-slate-400">
              Pay securely to send your case to the specialist.
            </p>
            {open ? <PaymentPanel {...panel} onBusyChange={setBusy} /> : null}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
