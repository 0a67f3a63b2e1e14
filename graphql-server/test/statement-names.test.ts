import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClients, statementNamer } from '../src/lib/db/client';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 17: parameterised statements are prepared under a name (the hash of their SQL), at most a
// bounded number of distinct texts per process, and only on a PostgreSQL server (PGlite is one backend
// behind every connection: a name one connection prepared would clash on the next).

describe('statementNamer', () => {
  it('names a statement with parameters by its text, the same each time', () => {
    const name = statementNamer(10);
    const first = name('SELECT $1', 1);
    expect(first).toMatch(/^[\w-]{27}$/);
    expect(name('SELECT $1', 1)).toBe(first);
    expect(name('SELECT $1, $2', 2)).not.toBe(first);
  });

  it('leaves statements without parameters unnamed', () => {
    expect(statementNamer(10)('BEGIN', 0)).toBeUndefined();
  });

  it('names at most `limit` distinct texts, and keeps naming those', () => {
    const name = statementNamer(2);
    const a = name('SELECT $1 AS a', 1);
    const b = name('SELECT $1 AS b', 1);
    expect(name('SELECT $1 AS c', 1)).toBeUndefined();
    expect([name('SELECT $1 AS a', 1), name('SELECT $1 AS b', 1)]).toEqual([a, b]);
  });
});

// PGlite (the local default) names nothing: every test server over it would fail otherwise.
describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('are kept by the connection: a statement run twice is prepared once', async () => {
    const { db } = createDbClients(server.database.connectionString, 1, { namedStatements: true });
    const prepared = async () =>
      (await db.$queryRawUnsafe<{ count: number }[]>('SELECT count(*)::int AS count FROM pg_prepared_statements'))[0]
        ?.count ?? 0;
    try {
      const before = await prepared();
      await db.user.findMany({ where: { id: { lt: 0 } }, take: 1 });
      await db.user.findMany({ where: { id: { lt: 0 } }, take: 1 });
      expect((await prepared()) - before).toBe(1);
    } finally {
      await db.$disconnect();
    }
  });
});
