import { LIMITS } from '@vetconsult/schema/values';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { useAuth } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toasts';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { SPECIALIST_STEPS, VETERINARIAN_STEPS } from './onboarding-steps';

// The three-step welcome card (SPEC §2, §4 "Onboarding"), shown until the user completes it. Completion
// is stored on the server (User.onboardingCompleted), so it is remembered per user across devices.

export function OnboardingCard() {
  const { user, refresh } = useAuth();
  const [step, setStep] = useState(1);
  const [dismissed, setDismissed] = useState(false);
  const [completeOnboarding, { loading }] = useCompleteOnboarding();
  const headingId = useId();

  if (!user || user.onboardingCompleted || dismissed) return null;

  // The card speaks to veterinarians and specialists (SPEC §2); the administrator has no steps.
  const steps =
    user.role === 'SPECIALIST' ? SPECIALIST_STEPS : user.role === 'VETERINARIAN' ? VETERINARIAN_STEPS : null;
  if (!steps) return null;
  const total = LIMITS.onboardingSteps;
  const current = steps[step - 1] ?? steps[0];
  if (!current) return null;

  const finish = async () => {
    try {
      await completeOnboarding();
      setDismissed(true);
      await refresh();
    } catch {
      toast({ title: 'Error', description: 'An unknown error occurred', variant: 'destructive' });
    }
  };

  return (
    <Card className="mb-8 overflow-hidden" aria-labelledby={headingId} role="region">
      <div className="bg-gradient-to-r from-brand-50 to-white px-6 pt-5 pb-4 dark:from-brand-950/70 dark:to-slate-900">
        <div className="flex items-center justify-between gap-4 text-xs font-medium text-brand-800 dark:text-brand-200">
          <span>Welcome to VetConsult</span>
          <span>
            Step {step} of {total}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={step}
          className="mt-3 h-2 overflow-hidden rounded-full bg-brand-100 dark:bg-brand-950"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-300 dark:bg-brand-400"
            style={{ width: `${(step / total) * 100}%` }}
          />
        </div>
      </div>
      <div className="px-6 py-5">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {current.title}
        </h2>
        <ul className="mt-3 space-y-2">
          {current.points.map((point) => (
            <li key={point} className="flex gap-2.5 text-sm text-slate-700 dark:text-slate-300">
              <Icon name="check-solid" className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" />
              {point}
            </li>
          ))}
        </ul>
        {current.note ? <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{current.note}</p> : null}
        <div className="mt-6 flex items-center justify-end gap-3">
          {step > 1 ? (
            <Button variant="secondary" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          ) : null}
          {step < total ? (
            <Button onClick={() => setStep(step + 1)}>Next</Button>
          ) : (
            <Button onClick={finish} busy={loading}>
              Get Started
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
