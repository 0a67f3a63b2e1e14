import { ACCESS_TOKEN_SCOPE_LABELS } from '@vetconsult/schema/access-tokens';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { tokenExpiryText, tokenLastUsedText } from '../../../lib/access-tokens';
import { formatDate } from '../../../lib/case-display';
import { errorText } from '../../../lib/graphql-errors';
import { roleLabel } from '../../../lib/roles';
import { useTokenRevoke } from '../../../lib/use-token-revoke';
import { useAllAccessTokens } from '../api/all-access-tokens';
import { useRevokeAnyAccessToken } from '../api/revoke-any-access-token';

// Settings → Admin, 'Access tokens' (issue 20): every personal access token that is not revoked, with
// its owner; the administrator can revoke any of them (it stops working at once, its sockets close).

type Token = NonNullable<ReturnType<typeof useAllAccessTokens>['data']>['accessTokens'][number];

export function AccessTokensPanel() {
  const { data, error, loading, refetch } = useAllAccessTokens();
  const [revoke] = useRevokeAnyAccessToken();
  const { revoking, setRevoking, busy, onConfirm } = useTokenRevoke<Token>(
    revoke,
    (token) => `${token.owner.username}’s token “${token.name}” no longer works.`,
  );

  const tokens = data?.accessTokens;
  return (
    <section aria-labelledby="admin-tokens-heading">
      <h2 id="admin-tokens-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Access Tokens
      </h2>
      <p className="mt-1 mb-5 text-sm text-slate-600 dark:text-slate-400">
        Personal access tokens of every user. Revoke one that should no longer reach the API.
      </p>
      {!tokens && error ? (
        <ErrorState title="Failed to load access tokens." detail={errorText(error)} onRetry={() => void refetch()} />
      ) : !tokens && loading ? (
        <LoadingState label="Loading access tokens..." />
      ) : !tokens || tokens.length === 0 ? (
        <EmptyState title="No user has an access token." />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="truncate font-semibold text-slate-900 dark:text-white">{token.name}</span>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    {ACCESS_TOKEN_SCOPE_LABELS[token.scope]}
                  </span>
                </p>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {token.owner.username} · {roleLabel(token.owner.role)}
                </p>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  <span className="font-mono text-xs">{token.prefix}…</span> · Created {formatDate(token.createdAt)} ·{' '}
                  {tokenExpiryText(token.expiresAt)} · {tokenLastUsedText(token.lastUsedAt)}
                </p>
              </div>
              <Button
                variant="secondary"
                onClick={() => setRevoking(token)}
                aria-label={`Revoke ${token.owner.username}’s token ${token.name}`}
              >
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
        {revoking?.owner.username}’s scripts using “{revoking?.name}” will stop working at once. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
