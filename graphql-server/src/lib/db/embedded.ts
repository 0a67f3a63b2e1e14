import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

// The embedded default database: PostgreSQL compiled to WebAssembly (PGlite), served on a loopback
// port so that the app reaches it through the very same adapter-pg as a real PostgreSQL.

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

/** A free loopback TCP port (the embedded server's; also the benchmarks'). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** dataDir undefined keeps the database in memory (tests); otherwise it survives restarts. */
export async function startEmbeddedDatabase(dataDir?: string, maxConnections = 2): Promise<EmbeddedDatabase> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const port = await freePort();
  // PGlite is a single backend: statements of several connections are queued onto it, so two open
  // transactions would interleave. The app keeps one connection (the second slot only covers a
  // reconnect while an old socket is still closing); tests may open a few, one at a time.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections });
  await server.start();
  return {
    connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
