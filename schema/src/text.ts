import { z } from 'zod';
import { MAX_ROW_ID } from './values';

// Shared primitives for every text and id field of the schemas. PostgreSQL cannot store NUL in text
// (error 22021) and row ids are 32-bit integers (22003): both are refused here, as bad input with a
// message, before any door or service passes them on.

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** z.string() for every text field: the same options, plus the refusal of NUL characters. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !value.includes('\u0000'), { error: NUL_MESSAGE, abort: true });

/** A row id (or 0 where the schema allows "none"): an integer no larger than PostgreSQL's integer. */
export const withinRowIds = <S extends z.ZodNumber | z.ZodCoercedNumber>(schema: S, message: string): S =>
  schema.max(MAX_ROW_ID, { error: message }) as S;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const INVALID_CURSOR = 'Invalid cursor: pass the uuid of the last case of the previous page';
