// Domain errors: services throw these; Yoga's error masking (graphql/yoga.ts maskError) and one fastify
// error handler (rest/errors.ts) turn them into GraphQL errors with extensions.code and HTTP statuses
// (HTTP_STATUS) with { message }: the same words through both doors. Services never speak HTTP.

import type { DomainErrorCode } from '@vetconsult/schema/errors';

export { type DomainErrorCode, HTTP_STATUS } from '@vetconsult/schema/errors';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Extra fields sent beside the message (REST body, GraphQL extensions). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** Invalid input: message is the first issue (what a form shows), `errors` lists them all. */
export class ValidationError extends DomainError {
  constructor(readonly errors: FieldIssue[]) {
    super('BAD_USER_INPUT', errors[0]?.message ?? 'Invalid input', { errors });
    this.name = 'ValidationError';
  }
}

export const unauthenticated = (message = 'Not authenticated') => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do this') => new DomainError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new DomainError('NOT_FOUND', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details);
export const badInput = (message: string, field = '') => new ValidationError([{ field, message }]);

/**
 * Last resort for input the schemas let through: PostgreSQL refusing a value (NUL in text, 22021 and
 * 22P05 in JSON; a number out of range, 22003) is the client's bad input, never a 500. Reads the
 * driver adapter's original code from Prisma's error (both doors map it through here).
 */
export function databaseInputError(error: unknown): ValidationError | null {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta;
  const code = meta?.driverAdapterError?.cause?.originalCode;
  if (code === '22021' || code === '22P05') return badInput('Text must not contain NUL characters');
  if (code === '22003') return badInput('A number is out of range');
  return null;
}
