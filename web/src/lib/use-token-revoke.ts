import { useState } from 'react';
import { errorText, serverErrorMessage } from './graphql-errors';
import { toast } from './toasts';

/**
 * The confirmed revoke of an access token (Settings → API access and Settings → Admin): which token
 * the dialog asks about, the busy state, and the toasts of both outcomes.
 */
export function useTokenRevoke<T extends { id: number; name: string }>(
  revoke: (options: { variables: { id: number } }) => Promise<unknown>,
  revokedText: (token: T) => string,
) {
  const [revoking, setRevoking] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await revoke({ variables: { id: revoking.id } });
      toast({ title: 'Token revoked', description: revokedText(revoking), variant: 'success' });
      setRevoking(null);
    } catch (revokeError) {
      toast({
        title: 'Token not revoked',
        description: serverErrorMessage(revokeError) || errorText(revokeError),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return { revoking, setRevoking, busy, onConfirm };
}
