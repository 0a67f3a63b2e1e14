import { join } from 'node:path';
import type { Logger } from '../logger';
import { createDbClients, type Db } from './client';
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
  const { db, reader } = createDbClients(connectionString, embedded ? 1 : options.poolSize, !!embedded);
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
