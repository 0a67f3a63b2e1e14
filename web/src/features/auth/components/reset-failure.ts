import { serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';

/**
 * A failed password-reset step (the request on the Reset tab, the new password on the reset page):
 * the server's words under 'Reset Failed', or 'Reset Error' when the server gave none.
 */
export function toastResetFailure(error: unknown, fallback: string): void {
  const message = serverErrorMessage(error);
  if (message === null) {
    console.error('Reset error', error);
    toast({
      title: 'Reset Error',
      description: 'An unexpected error occurred. Please try again.',
      variant: 'destructive',
    });
    return;
  }
  toast({ title: 'Reset Failed', description: message || fallback, variant: 'destructive' });
}
