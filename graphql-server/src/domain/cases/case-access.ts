import { isRowId } from '@vetconsult/schema/values';
import type { Prisma } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { forbidden, notFound } from '../../lib/errors';
import { type Actor, requireActor } from '../actor';
import { canReadCase } from './cases.rules';

// How a case is named (numeric id or uuid) and the one read rule applied where a case or one of its
// files is read (cases.rules canReadCase): by the case queries, the files, the report and the thumbnail.

export type DbOrTx = Db | Prisma.TransactionClient;

export const CASE_NOT_FOUND = 'Case not found';
export const CASE_READ_DENIED = 'You do not have permission to view this case';
export const FILE_NOT_FOUND = 'File not found';
export const FILE_READ_DENIED = 'You do not have permission to download this file';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A case named by its numeric id or its uuid (both appear in SPEC §7 paths). */
export function caseWhere(ref: string | number): Prisma.CaseWhereUniqueInput {
  const text = String(ref).trim();
  if (/^\d{1,10}$/.test(text)) {
    if (!isRowId(Number(text))) throw notFound(CASE_NOT_FOUND);
    return { id: Number(text) };
  }
  if (UUID.test(text)) return { uuid: text.toLowerCase() };
  throw notFound(CASE_NOT_FOUND);
}

/** What a caller reads of a case: Prisma's select or include (GraphQL's `query`, a REST view's include). */
export interface CaseSelection {
  select?: Prisma.CaseSelect | null;
  include?: Prisma.CaseInclude | null;
  omit?: Prisma.CaseOmit | null;
}

/** The caller's selection plus the columns a rule needs (with include or no selection every column comes). */
export function selectingAlso<S extends CaseSelection>(selection: S, columns: Prisma.CaseSelect): S {
  return selection.select ? { ...selection, select: { ...selection.select, ...columns } } : selection;
}

const READ_RULE_COLUMNS = {
  id: true,
  vetId: true,
  specialistId: true,
  status: true,
  specialty: true,
  routing: true,
} as const;

type Selected<S extends CaseSelection> = Prisma.CaseGetPayload<S> &
  Prisma.CaseGetPayload<{ select: typeof READ_RULE_COLUMNS }>;

/** One case the actor may read, read once with the caller's selection; 404 or 403 otherwise. */
export async function readableCase<S extends CaseSelection>(
  db: Db,
  actor: Actor | null,
  ref: string | number,
  selection: S,
): Promise<Selected<S>> {
  const who = requireActor(actor);
  const kase = await db.case.findUnique({ where: caseWhere(ref), ...selectingAlso(selection, READ_RULE_COLUMNS) });
  if (!kase) throw notFound(CASE_NOT_FOUND);
  const row = kase as unknown as Selected<S>;
  if (!canReadCase(who, row)) throw forbidden(CASE_READ_DENIED);
  return row;
}

/** One file whose case the actor may read (downloads and thumbnails share this rule and its words). */
export async function readableFile(db: Db, actor: Actor | null, fileId: number) {
  const who = requireActor(actor);
  const file = await db.caseFile.findUnique({
    where: { id: fileId },
    include: { case: { select: READ_RULE_COLUMNS } },
  });
  if (!file) throw notFound(FILE_NOT_FOUND);
  if (!canReadCase(who, file.case)) throw forbidden(FILE_READ_DENIED);
  const { case: _case, ...row } = file;
  return row;
}
