import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createDbClients } from '../src/lib/db/client';

// Prisma reconnects on demand: after `$disconnect` (the shutdown's database.close) its pg adapter opened
// a new pool from the ended one's options for any statement still to come, and nothing closed that pool.
// A statement after close now fails, and leaves nothing connected.

describe('the database clients after close', () => {
  it('refuse a statement, and open no new connection', async () => {
    const url = new URL(inject('databaseUrl'));
    const applicationName = `closed_${randomUUID().slice(0, 8)}`;
    url.searchParams.set('application_name', applicationName);
    const { db } = createDbClients(url.toString(), 1);
    expect(await db.user.count({ where: { id: { lt: 0 } } })).toBe(0);
    await db.$disconnect();

    await expect(db.user.count({ where: { id: { lt: 0 } } })).rejects.toThrow(/database is closed/);
    if (!process.env.TEST_DATABASE_URL) return; // PGlite has no pg_stat_activity worth the name
    const admin = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    try {
      const connected = async () =>
        (
          await admin.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
            [applicationName],
          )
        ).rows[0]?.n;
      await expect.poll(connected, { timeout: 2000 }).toBe(0);
    } finally {
      await admin.end();
    }
  });
});
