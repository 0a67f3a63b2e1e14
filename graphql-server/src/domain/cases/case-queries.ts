import { type CaseSearchInput, caseSearchSchema } from '@vetconsult/schema/consult';
import { Prisma } from '../../generated/prisma/client';
import type { CaseStatus } from '../../generated/prisma/enums';
import type { Db } from '../../lib/db/client';
import { type CompiledReader, utcTimestamp } from '../../lib/db/compiled-read';
import { forbidden } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import { type CaseSelection, readableCase, UUID } from './case-access';
import { startOfWeek, UNPAID_STATUSES } from './cases.rules';
import { isSpecialistAvailable } from './specialist-choice';

// The case reads of SPEC §6: the lists each role sees, one case, and the dashboard counts. The lists
// give Prisma arguments that both doors use (GraphQL adding its selection), so a page and its relations
// are one statement.

/**
 * A case with the people and files every case page shows (REST's case object, rest/views/case.view.ts):
 * the columns it shows and no others. Not the specialist's summary draft (only they read it, through
 * its own query), nor a file's storage keys and message (issue 17: a 100-case page mapped ~400 values
 * fewer, and PostgreSQL built smaller JSON for the files).
 */
export const caseDetailArgs = {
  omit: { summaryDraft: true },
  include: {
    vet: { select: { id: true, name: true, clinicName: true, clinicAddress: true } },
    specialist: { select: { id: true, name: true, specialty: true } },
    files: {
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      omit: { s3Key: true, thumbnailKey: true, messageId: true },
    },
    /** Issue 19: who declined the case and why (newest first); shown to its vet and the admin (readsDeclines). */
    declines: {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { specialistId: true, reason: true, createdAt: true, specialist: { select: { name: true } } },
    },
  },
} satisfies Prisma.CaseDefaultArgs;

export type CaseDetail = Prisma.CaseGetPayload<typeof caseDetailArgs>;

/** The columns of a case list's statement (caseDetailArgs): the case's columns it keeps, and its relations. */
const CASE_DETAIL_COLUMNS = [
  ...Object.values(Prisma.CaseScalarFieldEnum).filter((field) => !(field in caseDetailArgs.omit)),
  ...Object.keys(caseDetailArgs.include),
]
  .sort()
  .join();

type Written<T> = Omit<T, 'createdAt'> & { createdAt: string };
/** A row of that statement as node-postgres reads it: the joined relations come as JSON, their timestamps as text. */
type CaseDetailRow = Omit<CaseDetail, 'files' | 'declines'> & {
  files: Written<CaseDetail['files'][number]>[];
  declines: Written<CaseDetail['declines'][number]>[];
};

function caseDetailOf(row: CaseDetailRow): CaseDetail {
  return Object.assign(row, {
    files: row.files.map((file) => ({ ...file, createdAt: utcTimestamp(file.createdAt) })),
    declines: row.declines.map((decline) => ({ ...decline, createdAt: utcTimestamp(decline.createdAt) })),
  });
}

export interface DashboardStats {
  activeCount: number;
  completedThisWeek: number;
  pendingCount: number;
}

/** The statuses a specialist ever sees: paid cases. */
const SPECIALIST_VISIBLE: CaseStatus[] = ['pending', 'accepted', 'reviewed'];

/** Search by pet name, family name, species, breed, or case id (the first characters of the uuid). */
export function searchWhere(search: string | undefined): Prisma.CaseWhereInput {
  if (!search) return {};
  const contains = { contains: search, mode: 'insensitive' as const };
  const or: Prisma.CaseWhereInput[] = [
    { patientName: contains },
    { familyLastName: contains },
    { species: contains },
    { breed: contains },
  ];
  const text = search.toLowerCase();
  if (UUID.test(text)) or.push({ uuid: text });
  else if (/^[0-9a-f]{1,8}$/.test(text)) {
    // uuid columns have no LIKE: a prefix is a range.
    or.push({
      uuid: {
        gte: `${text.padEnd(8, '0')}-0000-0000-0000-000000000000`,
        lte: `${text.padEnd(8, 'f')}-ffff-ffff-ffff-ffffffffffff`,
      },
    });
  }
  return { OR: or };
}

/** The where clause of a case list for this actor: what SPEC §6 lets them see. */
function scopeWhere(actor: Actor, userId?: number): Prisma.CaseWhereInput {
  if (userId !== undefined && userId !== actor.id && actor.role !== 'ADMIN') {
    throw forbidden('You can only list your own cases');
  }
  if (actor.role === 'ADMIN') {
    return userId !== undefined ? { OR: [{ vetId: userId }, { specialistId: userId }] } : {};
  }
  if (actor.role === 'SPECIALIST') return { specialistId: actor.id, status: { in: SPECIALIST_VISIBLE } };
  return { vetId: actor.id };
}

function statusWhere(status: CaseSearchInput['status']): Prisma.CaseWhereInput {
  // "All" lists submitted work (unpaid cases too, labelled Awaiting payment); the Drafts tab holds the
  // vet's unfinished work: drafts and cases still awaiting payment.
  if (!status || status === 'all') return { status: { not: 'draft' } };
  if (status === 'draft') return { status: { in: [...UNPAID_STATUSES] } };
  return { status };
}

/** Newest first; a specialist's open work (Pending, In Progress) by due time, soonest first (issue 19). */
export const BY_DUE_TIME = [
  { dueAt: { sort: 'asc', nulls: 'last' } },
  { createdAt: 'asc' },
  { id: 'asc' },
] as const satisfies Prisma.CaseOrderByWithRelationInput[];
const NEWEST_FIRST = [{ createdAt: 'desc' }, { id: 'desc' }] as const satisfies Prisma.CaseOrderByWithRelationInput[];

function listOrder(actor: Actor, status: CaseSearchInput['status']): Prisma.CaseOrderByWithRelationInput[] {
  const open = status === 'pending' || status === 'accepted';
  return actor.role === 'SPECIALIST' && open ? [...BY_DUE_TIME] : [...NEWEST_FIRST];
}

/**
 * Prisma arguments (where, order, cursor, page size) of a case list for the actor; both doors use
 * them, GraphQL adding its selection.
 */
export function listArgs(actor: Actor | null, raw: unknown, userId?: number) {
  const who = requireActor(actor);
  const filter = parseInput(caseSearchSchema, raw);
  return {
    where: { AND: [scopeWhere(who, userId), statusWhere(filter.status), searchWhere(filter.search)] },
    orderBy: listOrder(who, filter.status),
    take: filter.first ?? 100,
    ...(filter.after && UUID.test(filter.after) ? { cursor: { uuid: filter.after.toLowerCase() }, skip: 1 } : {}),
  } satisfies Prisma.CaseFindManyArgs;
}

/**
 * SPEC §6 "Available Cases list for own specialty": pending cases assigned to this specialist in
 * their specialty, waiting to be accepted; and (issue 19) the cases sent to the first available
 * specialist of their specialty, while this approved specialist is available now (the directory's
 * isAvailable). `availableNow` is that fact, read by the caller.
 */
export function availableArgs(actor: Actor | null, availableNow = false) {
  const who = requireActor(actor);
  if (who.role !== 'SPECIALIST') throw forbidden('Only specialists can see available cases');
  const offered = availableNow && who.approved && who.specialty !== null;
  return {
    where: {
      status: 'pending' as const,
      ...(offered
        ? {
            OR: [
              { specialistId: who.id },
              // Never offered again to a specialist who declined it.
              { specialistId: null, routing: 'first_available' as const, declines: { none: { specialistId: who.id } } },
            ],
          }
        : { specialistId: who.id }),
      ...(who.specialty ? { specialty: who.specialty } : {}),
    },
    // Issue 19: the soonest due first (a STAT case at the top).
    orderBy: [...BY_DUE_TIME],
    take: 100,
  } satisfies Prisma.CaseFindManyArgs;
}

export function createCaseQueries(deps: { db: Db; reader?: CompiledReader; now: () => Date }) {
  const { db, reader, now } = deps;

  /**
   * The cases these arguments find, each with its people and files: Prisma's one statement for them, its
   * rows read by node-postgres (issue 17: lib/db/compiled-read.ts); Prisma reads them itself when its plan
   * is more than one statement (a cursor page) or no reader was given.
   */
  async function caseDetails(
    args: Omit<Prisma.CaseFindManyArgs, 'select' | 'include' | 'omit'>,
  ): Promise<CaseDetail[]> {
    const query = { ...args, ...caseDetailArgs };
    const statement = await reader?.compile((prisma) => prisma.case.findMany(query));
    if (!reader || !statement) return db.case.findMany(query);
    const { columns, rows } = await reader.rows(statement);
    if ([...columns].sort().join() !== CASE_DETAIL_COLUMNS) {
      throw new Error(`a case list's statement answered the columns ${columns.join()}`);
    }
    return (rows as unknown as CaseDetailRow[]).map(caseDetailOf);
  }

  /** The Available Cases arguments for this actor, with their availability now (first-available cases). */
  async function availableArgsNow(actor: Actor | null) {
    const who = requireActor(actor);
    const availableNow = who.role === 'SPECIALIST' && (await isSpecialistAvailable(db, who.id, now()));
    return availableArgs(who, availableNow);
  }

  return {
    listArgs,
    availableArgs: availableArgsNow,

    /** The actor's cases (vet: own; specialist: assigned; admin: all), filtered and searched. */
    listCases(actor: Actor | null, raw: unknown, userId?: number): Promise<CaseDetail[]> {
      return caseDetails(listArgs(actor, raw, userId));
    },

    async availableCases(actor: Actor | null): Promise<CaseDetail[]> {
      return caseDetails(await availableArgsNow(actor));
    },

    /** GET /api/cases/specialist/{id}: a specialist's own cases (or any, for the administrator). */
    specialistCases(actor: Actor | null, specialistId: number): Promise<CaseDetail[]> {
      const who = requireActor(actor);
      if (who.role !== 'ADMIN' && !(who.role === 'SPECIALIST' && who.id === specialistId)) {
        throw forbidden('You can only list your own cases');
      }
      return caseDetails({
        where: { specialistId, status: { in: SPECIALIST_VISIBLE } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: 200,
      });
    },

    /** One case the actor may read, with its people and files. */
    getCase(actor: Actor | null, ref: string | number): Promise<CaseDetail> {
      return readableCase(db, actor, ref, caseDetailArgs);
    },

    /** One case the actor may read, read once with the caller's selection (GraphQL's `query`). */
    readCase<S extends CaseSelection>(actor: Actor | null, ref: string | number, selection: S) {
      return readableCase(db, actor, ref, selection);
    },

    /**
     * Dashboard stats over the cases the actor sees: active = accepted, pending = pending, and
     * "completed this week" = reviewed since Monday 00:00 in the user's time zone.
     */
    async stats(actor: Actor | null, userId?: number): Promise<DashboardStats> {
      const who = requireActor(actor);
      const scope = scopeWhere(who, userId);
      const user = await db.user.findUnique({ where: { id: who.id }, select: { timezone: true } });
      const weekStart = startOfWeek(now(), user?.timezone ?? 'America/Toronto');
      const [activeCount, completedThisWeek, pendingCount] = await Promise.all([
        db.case.count({ where: { AND: [scope, { status: 'accepted' }] } }),
        db.case.count({ where: { AND: [scope, { status: 'reviewed', reviewedAt: { gte: weekStart } }] } }),
        db.case.count({ where: { AND: [scope, { status: 'pending' }] } }),
      ]);
      return { activeCount, completedThisWeek, pendingCount };
    },
  };
}
