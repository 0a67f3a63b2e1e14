import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCESS_TOKEN_EXPIRY_CHOICES,
  ACCESS_TOKEN_SCOPE_LABELS,
  ACCESS_TOKEN_SCOPES,
  type AccessTokenForm,
  accessTokenFormSchema,
  expiryFromChoice,
} from '@vetconsult/schema/access-tokens';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { FieldError, SelectField, TextField } from '../../../components/ui/form-field';
import { isTokenExpired, tokenExpiryText, tokenLastUsedText } from '../../../lib/access-tokens';
import { formatDate } from '../../../lib/case-display';
import { errorText, serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { useTokenRevoke } from '../../../lib/use-token-revoke';
import { useCreateAccessToken } from '../api/create-access-token';
import { useMyAccessTokens } from '../api/my-access-tokens';
import { useRevokeAccessToken } from '../api/revoke-access-token';

// Settings → API access (issue 20): personal access tokens for scripts. A new token is shown once, with a
// Copy button; the list shows the prefix only. Revoking stops the token at once.

type Token = NonNullable<ReturnType<typeof useMyAccessTokens>['data']>['myAccessTokens'][number];

export function ApiAccessPanel() {
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">API access</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Personal access tokens let your own scripts call the VetConsult API as you. Send one in the header{' '}
          <code className="rounded bg-slate-100 px-1 py-0.5 text-xs dark:bg-slate-800">
            Authorization: Bearer &lt;token&gt;
          </code>
          . Treat a token like a password.
        </p>
      </div>
      {created ? <NewTokenNotice created={created} onDone={() => setCreated(null)} /> : null}
      <CreateTokenForm onCreated={setCreated} />
      <TokenList />
    </div>
  );
}

function NewTokenNotice({ created, onDone }: { created: { name: string; token: string }; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the token and copy it yourself.',
        variant: 'destructive',
      });
    }
  };
  return (
    <section
      aria-labelledby="new-token-heading"
      className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950/60"
    >
      <h3 id="new-token-heading" className="font-semibold text-emerald-900 dark:text-emerald-100">
        Token “{created.name}” created
      </h3>
      <p className="mt-1 text-sm text-emerald-900 dark:text-emerald-200">
        Copy it now: it will not be shown again. If you lose it, revoke it and create a new one.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="new-access-token"
          className="block min-w-0 flex-1 rounded-lg border border-emerald-200 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 select-all dark:border-emerald-900 dark:bg-slate-950 dark:text-slate-100"
        >
          {created.token}
        </code>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void copy()} aria-label="Copy token">
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {copied ? 'Token copied to the clipboard' : ''}
      </p>
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated(created: { name: string; token: string }): void }) {
  const [createToken] = useCreateAccessToken();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AccessTokenForm>({
    resolver: zodResolver(accessTokenFormSchema),
    defaultValues: { name: '', scope: 'read', expiry: '90' },
  });

  const onSubmit = handleSubmit(async (form) => {
    try {
      const result = await createToken({
        variables: {
          input: {
            name: form.name,
            scope: form.scope,
            expiresAt: expiryFromChoice(form.expiry)?.toISOString() ?? null,
          },
        },
      });
      const createdToken = result.data?.createAccessToken;
      if (!createdToken) return;
      onCreated({ name: createdToken.accessToken.name, token: createdToken.token });
      reset();
    } catch (error) {
      toast({
        title: 'Token not created',
        description: serverErrorMessage(error) || errorText(error),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="create-token-heading" className="max-w-xl space-y-4">
      <h3 id="create-token-heading" className="font-semibold text-slate-900 dark:text-white">
        Create a token
      </h3>
      <TextField
        label="Token name"
        mandatory
        placeholder="e.g. Nightly case export"
        hint="So you can tell your tokens apart."
        error={errors.name?.message}
        {...register('name')}
      />
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">Access</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {ACCESS_TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
              <input
                type="radio"
                value={scope}
                className="size-4 accent-brand-700 dark:accent-brand-400"
                {...register('scope')}
              />
              {ACCESS_TOKEN_SCOPE_LABELS[scope]}
            </label>
          ))}
        </div>
        <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          A read-only token can look but is refused every change.
        </p>
        <FieldError id="token-scope-error" message={errors.scope?.message} />
      </fieldset>
      <SelectField label="Expiry" error={errors.expiry?.message} {...register('expiry')}>
        {ACCESS_TOKEN_EXPIRY_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" busy={isSubmitting}>
        {isSubmitting ? 'Creating Token...' : 'Create Token'}
      </Button>
    </form>
  );
}

function TokenList() {
  const { data, error, loading, refetch } = useMyAccessTokens();
  const [revoke] = useRevokeAccessToken();
  const { revoking, setRevoking, busy, onConfirm } = useTokenRevoke<Token>(
    revoke,
    (token) => `“${token.name}” no longer works.`,
  );

  const tokens = data?.myAccessTokens;
  return (
    <section aria-labelledby="your-tokens-heading">
      <h3 id="your-tokens-heading" className="mb-3 font-semibold text-slate-900 dark:text-white">
        Your tokens
      </h3>
      {!tokens && error ? (
        <ErrorState title="Failed to load your tokens." detail={errorText(error)} onRetry={() => void refetch()} />
      ) : !tokens && loading ? (
        <LoadingState label="Loading your tokens..." />
      ) : !tokens || tokens.length === 0 ? (
        <EmptyState title="You have no access tokens yet." />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-semibold text-slate-900 dark:text-white">{token.name}</span>
                  <ScopeBadge scope={token.scope} />
                  {isTokenExpired(token.expiresAt) ? <ExpiredBadge /> : null}
                </p>
                <p className="mt-1 font-mono text-xs text-slate-600 dark:text-slate-400">{token.prefix}…</p>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  Created {formatDate(token.createdAt)} · {tokenExpiryText(token.expiresAt)} ·{' '}
                  {tokenLastUsedText(token.lastUsedAt)}
                </p>
              </div>
              <Button variant="secondary" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        confirmLabel="Revoke Token"
        icon="exclamation-triangle"
        busy={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => void onConfirm()}
      >
        Scripts using “{revoking?.name}” will stop working at once. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}

function ScopeBadge({ scope }: { scope: Token['scope'] }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${
        scope === 'read'
          ? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200'
      }`}
    >
      {ACCESS_TOKEN_SCOPE_LABELS[scope]}
    </span>
  );
}

function ExpiredBadge() {
  return (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-900/50 dark:text-red-200">
      Expired
    </span>
  );
}
