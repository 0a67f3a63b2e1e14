import { Button } from '../../../components/ui/button';
import { IconBadge } from '../../../components/ui/icon-badge';

// The completion view after a registration that does not sign in (a specialist pending approval).

export function RegistrationComplete({ onContinue }: { onContinue(): void }) {
  return (
    <div className="space-y-5 text-center">
      <IconBadge icon="check" tone="emerald" className="mx-auto" />
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Registration Complete</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Your specialist account has been created and is pending approval. Our team reviews your credentials and you will
        receive a confirmation email once your account is approved. You can sign in after approval.
      </p>
      <Button fullWidth onClick={onContinue}>
        Continue to Sign In
      </Button>
    </div>
  );
}
