import { join } from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger';
import { createDbClients, type Db, isPgliteVersion } from './client';
import type { CompiledReader } from './compiled-read';
import { startEmbeddedDatabase } from './embedded';
import { applyMigrations } from './migrate';

export interface Database {
  db: Db;
  /** Runs statements Prisma compiled (lib/db/compiled-read.ts), on the same pool as `db`. */
  reader: CompiledReader;
  connectionString: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** Whether the database is PGlite (PostgreSQL compiled to WebAssembly), as the tests' embedded one reached by URL. */
async function isPglite(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('SELECT version()');
    return isPgliteVersion(rows[0]?.version ?? '');
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_URL set: that PostgreSQL. Unset: embedded PGlite under DATA_DIR/pglite (data survives a
 * restart). Either way the committed migrations are applied before the first query.
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  logger: Logger;
}): Promise<Database> {
  const embedded = options.databaseUrl ? undefined : await startEmbeddedDatabase(join(options.dataDir, 'pglite'));
  const connectionString = options.databaseUrl ?? embedded?.connectionString ?? '';
  const applied = await applyMigrations(connectionString);
  if (applied.length > 0) options.logger.info({ applied }, 'database migrations applied');
  // PGlite is one backend: a single connection keeps transactions from interleaving.
  const { db, reader } = createDbClients(connectionString, embedded ? 1 : options.poolSize, {
    keepIdle: !!embedded,
    namedStatements: !embedded && !(await isPglite(connectionString)),
  });
  return {
    db,
    reader,
    connectionString,
    embedded: !!embedded,
    async close() {
      await db.$disconnect();
      await embedded?.stop();
    },
  };
}
