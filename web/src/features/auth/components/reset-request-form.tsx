import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestSchema } from '@vetconsult/schema/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { IconBadge } from '../../../components/ui/icon-badge';
import { toast } from '../../../lib/toasts';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { toastResetFailure } from './reset-failure';

// Reset tab (SPEC §2): ask for a reset link; then the 'Reset Email Sent' view with Back to Login.

export function ResetRequestForm({ onBackToLogin }: { onBackToLogin(): void }) {
  const [requestReset] = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestReset({ variables: { email: values.email } });
      toast({ title: 'Reset Email Sent', description: 'Check your email for password reset instructions.' });
      setSent(true);
    } catch (error) {
      toastResetFailure(error, 'Could not send reset email. Please try again.');
    }
  });

  if (sent) {
    return (
      <div className="space-y-5 text-center">
        <IconBadge icon="envelope" tone="brand" className="mx-auto" />
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Reset Email Sent</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Check your email for a secure link to reset your password. The link expires in 1 hour.
        </p>
        <Button
          variant="secondary"
          fullWidth
          onClick={() => {
            reset();
            setSent(false);
            onBackToLogin();
          }}
        >
          Back to Login
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Enter the email address of your account and we will send you a link to reset your password.
      </p>
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" fullWidth busy={isSubmitting}>
        {isSubmitting ? 'Sending Reset Email...' : 'Send Reset Email'}
      </Button>
    </form>
  );
}
