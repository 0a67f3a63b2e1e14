import type { z } from 'zod';
import { type FieldIssue, ValidationError } from './errors';

interface IssueLike {
  readonly path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined;
  readonly message: string;
}

export function toFieldIssues(issues: ReadonlyArray<IssueLike>): FieldIssue[] {
  return issues.map((issue) => ({
    field: (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.'),
    message: issue.message,
  }));
}

/** Parses outside input with a schema from schema/; failures carry the spec's messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(toFieldIssues(result.error.issues));
  return result.data;
}
