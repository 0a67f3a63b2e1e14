import { CombinedGraphQLErrors } from '@apollo/client/errors';

/**
 * The server's answer to a failed operation (a GraphQL error carrying the spec's message), or null
 * when the call failed for another reason (network, server down) — callers show different toasts.
 */
export function serverErrorMessage(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? '';
  return null;
}

/** The extensions.code of the first GraphQL error, if any. */
export function serverErrorCode(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === 'string' ? code : null;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
