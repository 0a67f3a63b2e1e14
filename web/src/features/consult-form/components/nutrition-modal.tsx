import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';

interface NutritionModalProps {
  open: boolean;
  specialistName: string;
  onReturn(): void;
  onContinue(): void;
}

/**
 * SPEC §2 nutrition pre-consult modal: dismissible only by its two buttons (Escape and clicks outside
 * do nothing); Continue is enabled once the checkbox is ticked.
 */
export function NutritionModal({ open, specialistName, onReturn, onContinue }: NutritionModalProps) {
  const [acknowledged, setAcknowledged] = useState(false);
  const checkboxId = useId();
  useEffect(() => {
    if (open) setAcknowledged(false);
  }, [open]);

  return (
    <Dialog open={open} onClose={() => undefined} className="relative z-50">
      <div className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
            <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">
              Nutrition Consultation
            </DialogTitle>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Before you continue with {specialistName}, please review how nutrition consultations are billed.
            </p>
            <ul className="mt-4 space-y-2 text-sm text-slate-700 dark:text-slate-200">
              <li className="flex gap-2">
                <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand-600" />
                Simple diet formulations are included in the consultation fee.
              </li>
              <li className="flex gap-2">
                <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand-600" />
                Complex diet formulations add $75 plus applicable taxes.
              </li>
              <li className="flex gap-2">
                <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand-600" />
                Revisits and modifications to a formulation cost an additional fee.
              </li>
            </ul>
            <div className="mt-5 flex items-start gap-3 rounded-lg bg-slate-50 px-3 py-3 dark:bg-slate-800/60">
              <input
                id={checkboxId}
                type="checkbox"
                checked={acknowledged}
                onChange={(event) => setAcknowledged(event.target.checked)}
                className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700 dark:accent-brand-400"
              />
              <label htmlFor={checkboxId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
                I understand the nutrition consultation fees described above
              </label>
            </div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onReturn}>
                Return to Specialty Selection
              </Button>
              <Button onClick={onContinue} disabled={!acknowledged}>
                Continue with Nutrition Consultation
              </Button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
