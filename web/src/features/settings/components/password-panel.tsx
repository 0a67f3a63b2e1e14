import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@vetconsult/schema/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { useChangePassword } from '../api/change-password';

// Settings > Password: current, new and confirm, all required; a real change on the server.

type PasswordForm = z.input<typeof changePasswordSchema>;

const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

export function PasswordPanel() {
  const [changePassword] = useChangePassword();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setSaved(false);
    try {
      await changePassword({ variables: { input } });
      reset();
      setSaved(true);
      toast({
        title: 'Password updated',
        description: 'Your password has been changed successfully.',
        variant: 'success',
      });
    } catch (error) {
      const message = serverErrorMessage(error);
      if (message === CURRENT_PASSWORD_WRONG) {
        setError('currentPassword', { message });
        return;
      }
      toast({
        title: 'Password not changed',
        description: message || 'Could not change your password. Please try again.',
        variant: 'destructive',
      });
    }
  });

  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Change Password</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Use at least 8 characters.</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 max-w-md space-y-4">
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword', { onChange: () => setSaved(false) })}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <div role="status" aria-live="polite">
          {saved ? (
            <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
              Your password has been changed successfully.
            </p>
          ) : null}
        </div>
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? 'Updating Password...' : 'Update Password'}
        </Button>
      </form>
    </div>
  );
}
