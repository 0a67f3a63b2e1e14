import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogHeading } from '../../../components/ui/dialog';

const BILLING_NOTES = [
  'Simple diet formulations are included in the consultation fee.',
  'Complex diet formulations add $75 plus applicable taxes.',
  'Revisits and modifications to a formulation cost an additional fee.',
];

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
    <Dialog open={open} width="lg" placement="sheet">
      <DialogHeading>Nutrition Consultation</DialogHeading>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Before you continue with {specialistName}, please review how nutrition consultations are billed.
      </p>
      <ul className="mt-4 space-y-2 text-sm text-slate-700 dark:text-slate-200">
        {BILLING_NOTES.map((note) => (
          <li key={note} className="flex gap-2">
            <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand-600" />
            {note}
          </li>
        ))}
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
    </Dialog>
  );
}
