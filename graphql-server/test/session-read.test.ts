import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthService } from '../src/domain/auth/auth.service';
import { createSessionRead, LARGEST_SHAPE, readSessions, shapeOf } from '../src/domain/auth/session-read';
import type { User } from '../src/generated/prisma/client';
import type { CompiledReader } from '../src/lib/db/compiled-read';
import { createEventBus } from '../src/lib/events';
import { hashToken, newToken } from '../src/lib/tokens';
import { countingReader } from './helpers/counting-reader';
import { createUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 17: the session look-up of every request and socket (auth.actorsFromSessions) runs Prisma's
// statement for it, compiled once per shape with sentinels in the token hashes' places, on the app's pool
// (domain/auth/session-read.ts, lib/db/compiled-read.ts template). It must read what Prisma reads and
// answer what the Prisma-read service answers, for every kind of token, with a fake clock, after changes
// to the session or its user, one statement per look-up or batch. Runs on PostgreSQL and on PGlite.

let server: TestServer;
let counting: ReturnType<typeof countingReader>;

beforeAll(async () => {
  server = await startTestServer();
  counting = countingReader(server.database.reader);
});
afterAll(async () => {
  await server.close();
});

/** The auth service reading sessions through the reader, or (none) through Prisma, on a clock of its own. */
function authWith(reader: CompiledReader | undefined, now: () => Date = () => new Date()) {
  return createAuthService({ db: server.database.db, reader, logger: server.logger, events: createEventBus(), now });
}

async function sessionFor(user: User, expiresAt: Date): Promise<string> {
  const token = newToken();
  await server.database.db.session.create({ data: { tokenHash: hashToken(token), userId: user.id, expiresAt } });
  return token;
}

/**
 * Both services' answers for these tokens in one batch, equal, and each token's alone; with the reader's
 * statements for the batch.
 */
async function expectSameActors(tokens: string[], now?: () => Date) {
  const byPrisma = await authWith(undefined, now).actorsFromSessions(tokens);
  const read = counting.statements;
  const byReader = await authWith(counting.reader, now).actorsFromSessions(tokens);
  const statements = counting.statements - read;
  expect(byReader).toEqual(byPrisma);
  expect([...byReader.keys()]).toEqual([...byPrisma.keys()]);
  for (const token of tokens) {
    expect(await authWith(counting.reader, now).actorFromSession(token)).toEqual(byPrisma.get(token) ?? null);
  }
  return { actors: byReader, statements };
}

const later = (ms: number) => new Date(Date.now() + ms);

describe('the session look-up through the compiled reader', () => {
  it('reads the rows Prisma reads, for one hash and for batches of several shapes (padded lists)', async () => {
    const { db } = server.database;
    const vet = await createUser(db, { role: 'VETERINARIAN' });
    const specialist = await createUser(db, { role: 'SPECIALIST', approved: false, specialty: 'Oncology ✓' });
    const tokens = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sessionFor(i % 3 ? vet : specialist, later((i - 5) * 60_000))),
    );
    const hashes = tokens.map(hashToken);
    const { sessionsOf } = createSessionRead({ db, reader: counting.reader });
    const unknown = hashToken(newToken());
    for (const list of [
      [hashes[0] as string],
      [unknown],
      [hashes[1] as string, unknown],
      hashes.slice(0, 3),
      [...hashes.slice(3, 20), unknown],
      hashes,
    ]) {
      const read = counting.statements;
      const ours = await sessionsOf(list);
      expect(counting.statements - read).toBe(1);
      const prisma = await readSessions(db, list);
      const byId = (rows: typeof ours) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
      expect(byId(ours)).toEqual(byId(prisma));
      expect(ours.every((row) => row.expiresAt instanceof Date)).toBe(true);
    }
  });

  it('answers one valid token as the Prisma read does, in one statement', async () => {
    const user = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const token = await sessionFor(user, later(60_000));
    const { actors, statements } = await expectSameActors([token]);
    expect(actors.get(token)).toMatchObject({ id: user.id, role: 'VETERINARIAN', approved: true, specialty: null });
    expect(statements).toBe(1);
  });

  it('answers a mixed batch (valid, expired, unknown, over-long, empty) in one statement', async () => {
    const { db } = server.database;
    const specialist = await createUser(db, { role: 'SPECIALIST', approved: true, specialty: 'Neurology' });
    const admin = await createUser(db, { role: 'ADMIN' });
    const tokens = [
      await sessionFor(specialist, later(60_000)),
      await sessionFor(specialist, later(-1000)),
      await sessionFor(admin, later(60_000)),
      newToken(),
      'x'.repeat(201),
      '',
      await sessionFor(admin, later(-1)),
    ];
    const { actors, statements } = await expectSameActors(tokens);
    expect(statements).toBe(1);
    expect(tokens.map((token) => actors.get(token)?.role ?? null)).toEqual([
      'SPECIALIST',
      null,
      'ADMIN',
      null,
      null,
      null,
      null,
    ]);
  });

  it('answers a storm batch of the largest shape, and leaves larger ones to Prisma', async () => {
    const { db } = server.database;
    const user = await createUser(db, { role: 'VETERINARIAN' });
    const tokens = Array.from({ length: 500 }, () => newToken());
    await db.session.createMany({
      data: tokens.map((token, i) => ({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: later((i - 250) * 60_000),
      })),
    });
    expect(shapeOf(tokens.length)).toBe(LARGEST_SHAPE);
    const { actors, statements } = await expectSameActors([...tokens, newToken()]);
    expect(statements).toBe(1);
    expect([...actors.values()].filter(Boolean).length).toBeGreaterThan(200);
    const read = counting.statements;
    const more = [...tokens, ...Array.from({ length: LARGEST_SHAPE }, () => newToken())];
    expect(await authWith(counting.reader).actorsFromSessions(more)).toEqual(
      await authWith(undefined).actorsFromSessions(more),
    );
    expect(counting.statements - read).toBe(0);
  });

  it("compares the expiry with the service's clock", async () => {
    const user = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const expiresAt = later(3_600_000);
    const token = await sessionFor(user, expiresAt);
    const justBefore = await expectSameActors([token], () => new Date(expiresAt.getTime() - 1));
    expect(justBefore.actors.get(token)).toMatchObject({ id: user.id });
    const atExpiry = await expectSameActors([token], () => new Date(expiresAt.getTime()));
    expect(atExpiry.actors.get(token)).toBeNull();
  });

  it('reads a deleted session and a changed user afresh, not from a cache', async () => {
    const { db } = server.database;
    const user = await createUser(db, { role: 'SPECIALIST', approved: false, specialty: 'Cardiology' });
    const token = await sessionFor(user, later(60_000));
    const other = await sessionFor(user, later(60_000));
    const auth = authWith(counting.reader);
    expect(await auth.actorFromSession(token)).toMatchObject({ approved: false, role: 'SPECIALIST' });

    await db.user.update({ where: { id: user.id }, data: { approved: true, specialty: 'Oncology' } });
    expect(await auth.actorFromSession(token)).toMatchObject({ approved: true, specialty: 'Oncology' });
    await db.user.update({ where: { id: user.id }, data: { role: 'ADMIN', specialty: null } });
    expect(await auth.actorFromSession(token)).toMatchObject({ role: 'ADMIN', specialty: null });
    await expectSameActors([token, other]);

    await db.session.delete({ where: { tokenHash: hashToken(token) } });
    expect(await auth.actorFromSession(token)).toBeNull();
    const { actors } = await expectSameActors([token, other]);
    expect(actors.get(other)).toMatchObject({ id: user.id, role: 'ADMIN' });
  });

  it("is the app's read: a request's and a batch's look-up each run one statement on the reader", async () => {
    const { db, reader } = server.database;
    const user = await createUser(db, { role: 'VETERINARIAN' });
    const tokens = [await sessionFor(user, later(60_000)), await sessionFor(user, later(60_000))];
    const rows = vi.spyOn(reader, 'rows');
    try {
      expect(await server.services.auth.actorFromSession(tokens[0])).toMatchObject({ id: user.id });
      expect(rows).toHaveBeenCalledTimes(1);
      const actors = await server.services.auth.actorsFromSessions(tokens);
      expect([...actors.values()].every((actor) => actor?.id === user.id)).toBe(true);
      expect(rows).toHaveBeenCalledTimes(2);
    } finally {
      rows.mockRestore();
    }
  });
});

describe('a compiled template', () => {
  it('binds the values where the sentinels were, leaving the statement as Prisma wrote it', async () => {
    const { reader } = server.database;
    const template = await reader.template(2, readSessions);
    const compiled = await reader.compile((prisma) => readSessions(prisma, ['a'.repeat(64), 'b'.repeat(64)]));
    expect(template?.bind(['a'.repeat(64), 'b'.repeat(64)])).toEqual(compiled);
    expect(() => template?.bind(['a'])).toThrow('1 values for a template of 2');
  });

  it('refuses a read that uses a value twice or leaves it out', async () => {
    const { reader } = server.database;
    await expect(
      reader.template(1, (prisma, [value]) =>
        prisma.session.findMany({ where: { OR: [{ tokenHash: value }, { userAgent: value }] } }),
      ),
    ).rejects.toThrow('sentinel 0 is 2 of the arguments, not one');
    await expect(
      reader.template(1, (prisma) => prisma.session.findMany({ where: { tokenHash: 'fixed' } })),
    ).rejects.toThrow('sentinel 0 is 0 of the arguments, not one');
  });
});
