import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import type { CompiledReader, StatementTemplate } from '../../lib/db/compiled-read';

// The read behind auth.actorsFromSessions, which every HTTP request and every socket of a reconnect storm
// makes (issue 17). Through Prisma it cost ~0.45 ms of the server's CPU a look-up, against ~0.09 ms for
// the same statement run on the pool by node-postgres. The statement is still Prisma's, compiled from the
// one read below (so the tables, columns and join are written nowhere else), but once per shape rather
// than per call (compiling costs about what Prisma's read does): with sentinel strings where the token
// hashes go, which the reader's template then replaces by position (lib/db/compiled-read.ts, failing
// loudly if a sentinel is not exactly one argument). An IN list's SQL text depends on its length, so a
// batch is padded with its last hash to the next power of two: at most ten shapes (1, 2, 4, ... 512), so
// ten texts to prepare (lib/db/client.ts statementNamer) instead of one per batch size.
// A hand-written `= ANY($1)` statement would be one text, but would write the schema's names a second
// time and need its own proof; this one is Prisma's, and test/session-read.test.ts holds it equal anyway.
// Without a reader, for more than 512 hashes, or should Prisma's plan ever be more than one statement,
// Prisma reads them itself.

/** What a session look-up reads: the session, and who is behind it. */
const SESSION_ACTOR = {
  id: true,
  tokenHash: true,
  expiresAt: true,
  user: { select: { id: true, role: true, approved: true, specialty: true } },
} as const satisfies Prisma.SessionSelect;

export type SessionActor = Prisma.SessionGetPayload<{ select: typeof SESSION_ACTOR }>;

/** Prisma's read of the sessions of these token hashes: by its unique index for one, one IN list for several. */
export async function readSessions(prisma: PrismaClient, hashes: readonly string[]): Promise<SessionActor[]> {
  if (hashes.length === 1) {
    const session = await prisma.session.findUnique({
      where: { tokenHash: hashes[0] as string },
      select: SESSION_ACTOR,
    });
    return session ? [session] : [];
  }
  return prisma.session.findMany({ where: { tokenHash: { in: [...hashes] } }, select: SESSION_ACTOR });
}

/** The largest batch read through a template (graphql/ws.ts batches 500 at most, lib/batch.ts). */
export const LARGEST_SHAPE = 512;

/** The template a batch of `count` hashes is read with: one hash, or a list of the next power of two. */
export const shapeOf = (count: number): number => (count === 1 ? 1 : 2 ** Math.ceil(Math.log2(count)));

const COLUMNS = Object.keys(SESSION_ACTOR);

/** The sessions of token hashes with their users, in one statement on the reader's pool when one is given. */
export function createSessionRead(deps: { db: Db; reader?: CompiledReader }) {
  const { db, reader } = deps;
  const templates = new Map<number, Promise<StatementTemplate | null>>();

  function templateOf(compiler: CompiledReader, size: number): Promise<StatementTemplate | null> {
    let template = templates.get(size);
    if (!template) {
      template = compiler.template(size, readSessions);
      templates.set(size, template);
    }
    return template;
  }

  return {
    /**
     * Compiles the one-token statement now. The first compilation of a process starts the compiling
     * client (0.1-0.4 s of CPU here, more under load): paid at start-up, not by the first request or socket.
     */
    async prepare(): Promise<void> {
      if (reader) await templateOf(reader, 1);
    },

    async sessionsOf(hashes: readonly string[]): Promise<SessionActor[]> {
      if (!reader || hashes.length === 0 || hashes.length > LARGEST_SHAPE) return readSessions(db, hashes);
      const size = shapeOf(hashes.length);
      const template = await templateOf(reader, size);
      if (!template) return readSessions(db, hashes);
      const last = hashes[hashes.length - 1] as string;
      const padded = hashes.length === size ? hashes : [...hashes, ...Array<string>(size - hashes.length).fill(last)];
      const { columns, rows } = await reader.rows(template.bind(padded));
      const missing = COLUMNS.filter((column) => !columns.includes(column));
      if (missing.length > 0) throw new Error(`the session look-up's statement lacks the columns ${missing.join()}`);
      // The user comes as JSON (Prisma's relation join): its fields are the selected ones, as Prisma gives them.
      return rows.map((row) => ({
        id: row.id,
        tokenHash: row.tokenHash,
        expiresAt: row.expiresAt,
        user: row.user,
      })) as SessionActor[];
    },
  };
}
