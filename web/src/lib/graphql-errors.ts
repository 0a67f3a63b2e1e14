import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { type DomainErrorCode, HTTP_STATUS } from '@vetconsult/schema/errors';

// How the web reads a failed operation: every call except file transfers goes through Apollo, so
// every refusal is a GraphQL error whose extensions carry the domain's code and details (the same
// fields the REST door puts beside `message`). One convention for all features.

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

/** The extensions of the first GraphQL error (the domain error's details), or an empty record. */
export function serverErrorDetails(error: unknown): Record<string, unknown> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  return (error.errors[0]?.extensions as Record<string, unknown> | undefined) ?? {};
}

/**
 * The failure as an HTTP-like status, for the screens whose spec texts are chosen by status (SPEC §8
 * payment messages): a GraphQL refusal by its code (the REST door's status for it; any other code, e.g.
 * INTERNAL_SERVER_ERROR, counts as 500), a proxy or server failure by its HTTP status,
 * 0 for a network failure or anything else.
 */
export function serverErrorStatus(error: unknown): number {
  const code = serverErrorCode(error);
  if (code) return code in HTTP_STATUS ? HTTP_STATUS[code as DomainErrorCode] : code === 'BAD_REQUEST' ? 400 : 500;
  if (ServerError.is(error)) return error.statusCode;
  return 0;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
