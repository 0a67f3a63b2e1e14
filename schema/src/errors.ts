// The error codes of the API and the HTTP status each is given: the REST door answers with the status,
// GraphQL with the code in extensions.code. Read by the server (lib/errors.ts) and by the web client,
// which chooses some of the spec's texts by status (SPEC §8 payment messages).

export type DomainErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  /** A read-only personal access token used for a write (issue 20). */
  | 'READ_ONLY_TOKEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'PAYMENT_FAILED';

export const HTTP_STATUS: Record<DomainErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  READ_ONLY_TOKEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 402,
};
