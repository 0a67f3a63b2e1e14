import type { loginSchema } from '@vetconsult/schema/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { useAuth } from '../../../lib/auth/auth-context';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toasts';

// Login tab (SPEC §2): e-mail or username, password, remember me. On success the /auth route sends
// the user to their role's landing page (SPEC §4 "Session").

// zodResolver(loginSchema), loaded after the page shows (../validation.ts).
const loadValidation = () => import('../validation');
const loginResolver = lazyResolver<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>(() =>
  loadValidation().then((validation) => validation.loginResolver),
);

export function LoginForm({ onForgotPassword }: { onForgotPassword(): void }) {
  const { login } = useAuth();
  useEffect(() => {
    void loadValidation().catch(() => undefined);
  }, []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: loginResolver,
    defaultValues: { username: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const outcome = await login({
        username: values.username,
        password: values.password,
        rememberMe: values.rememberMe ?? false,
      });
      if (!outcome.ok) {
        toast({
          title: 'Login Failed',
          description: 'Your username or password is incorrect. Please try again.',
          variant: 'destructive',
        });
        setError('password', { message: 'Incorrect password' }, { shouldFocus: true });
      }
    } catch (error) {
      console.error('Login error', error);
      toast({
        title: 'Login Error',
        description: 'An unexpected error occurred. Please try again.',
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        label="Email or Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <label className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-700 dark:text-slate-300">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-brand-700 dark:border-slate-600 dark:accent-brand-400"
            {...register('rememberMe')}
          />
          Remember me
        </label>
        <button
          type="button"
          onClick={onForgotPassword}
          className="rounded text-sm font-medium whitespace-nowrap text-brand-700 hover:text-brand-900 hover:underline dark:text-brand-300 dark:hover:text-brand-200"
        >
          Forgot your password?
        </button>
      </div>
      <Button type="submit" fullWidth busy={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
