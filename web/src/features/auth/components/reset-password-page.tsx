import { zodResolver } from '@hookform/resolvers/zod';
import { INVALID_RESET_LINK, resetPasswordSchema } from '@vetconsult/schema/auth';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toasts';
import { useResetPassword } from '../api/reset-password';
import { useResetTokenValid } from '../api/reset-token-valid';
import { AuthLayout } from './auth-layout';
import { toastResetFailure } from './reset-failure';

// /reset-password/:token (SPEC §2, §4 "Password reset"): validating, then the form or (invalid) a
// toast and /auth; after success 'Password Reset Complete' and /auth after 2.5 s.

export const RESET_REDIRECT_MS = 2500;

function ResetPasswordForm({ token, onDone }: { token: string; onDone(): void }) {
  const [resetPassword] = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await resetPassword({ variables: { input: values } });
      toast({ title: 'Password Reset Successful', variant: 'success' });
      onDone();
    } catch (error) {
      toastResetFailure(error, 'Could not reset password. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" fullWidth busy={isSubmitting}>
        {isSubmitting ? 'Resetting Password...' : 'Reset Password'}
      </Button>
    </form>
  );
}

export function ResetPasswordPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const validity = useResetTokenValid(token);
  const [done, setDone] = useState(false);
  const valid = validity.data?.resetTokenValid;

  useEffect(() => {
    if (validity.error) {
      console.error('Reset link check failed', validity.error);
      toast({
        title: 'Error',
        description: 'Could not validate reset link. Please try again.',
        variant: 'destructive',
      });
      navigate('/auth', { replace: true });
    } else if (valid === false) {
      toast({ title: 'Invalid Reset Link', description: INVALID_RESET_LINK, variant: 'destructive' });
      navigate('/auth', { replace: true });
    }
  }, [validity.error, valid, navigate]);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/auth', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  let body: ReactNode;
  if (done) {
    body = (
      <div className="space-y-3 text-center" role="status">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Password Reset Complete</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your password has been changed. Taking you to the sign-in page...
        </p>
      </div>
    );
  } else if (valid) {
    body = <ResetPasswordForm token={token} onDone={() => setDone(true)} />;
  } else {
    body = (
      <div
        className="flex items-center justify-center gap-3 py-6 text-sm text-slate-600 dark:text-slate-300"
        role="status"
      >
        <Spinner />
        Validating reset link...
      </div>
    );
  }

  return (
    <AuthLayout logoLinksToSignIn themeLabels="hidden">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Reset Your Password</h1>
        {body}
        <p className="mt-6 text-center text-sm">
          <Link to="/auth" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
            Back to Login
          </Link>
        </p>
      </Card>
    </AuthLayout>
  );
}
