import { Button } from '../../../components/ui/button';

// The completion view after a registration that does not sign in (a specialist pending approval).

export function RegistrationComplete({ onContinue }: { onContinue(): void }) {
  return (
    <div className="space-y-5 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="size-6"
          aria-hidden="true"
        >
          <path strokeLinecap="round" strokeLinejoin="round" d="m4.5 12.75 6 6 9-13.5" />
        </svg>
      </div>
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
