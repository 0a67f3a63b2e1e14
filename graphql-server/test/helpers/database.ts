import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { applyMigrations } from '../../src/lib/db/migrate';

// The test databases. A run has one database that every test file shares (global-setup.ts); tests keep
// apart by making their own users. That is not enough for a file that runs the job queue: `runDue`, and a
// server whose queue runs, take every due job of their tasks in the database, other files' included, and
// the sweeps (draft reminders, retention) read and write every row. Such a file takes a database of its
// own with `fileDatabase()` and gives its url to every server it starts.

const FILE_SUFFIX = '_file_';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: `name` on the PostgreSQL server of TEST_DATABASE_URL, or (no URL) an
 * in-memory embedded PGlite of its own, in a process of its own. On PostgreSQL `drop` drops it and every
 * database named after it (the file databases of a run, see `fileDatabase`).
 */
export async function createTestDatabase(name: string): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return forkEmbeddedDatabase();
  await onServer(serverUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  const drop = () =>
    onServer(serverUrl, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $1 || '${FILE_SUFFIX}')`,
        [name],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  return { url: url.toString(), drop };
}

/**
 * A database of this test file's own (see above). On PostgreSQL its name starts with the run's shared
 * database's, so the run's teardown drops it too if the file could not.
 */
export function fileDatabase(): Promise<TestDatabase> {
  const shared = new URL(inject('databaseUrl')).pathname.slice(1);
  return createTestDatabase(`${shared}${FILE_SUFFIX}${randomUUID().slice(0, 8)}`);
}

/**
 * The embedded PGlite runs in a child process, as the suite's shared one always did (in vitest's main
 * process), not on the test's event loop. Its socket server interleaves the protocol messages of several
 * connections on its one session (docs/notifications.md, "Not done here"): the two-server delivery test
 * of notifications.mail.test.ts lost a delivery on 9 runs of 10 with the PGlite beside the servers it
 * serves, on 4 of 9 with it in a process of its own, on 6 of 9 on the shared one before (load 4-7).
 */
function forkEmbeddedDatabase(): Promise<TestDatabase> {
  const child = fork(fileURLToPath(new URL('./embedded-database-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the embedded database process exited (${code})`)));
    child.once('message', (message) => {
      const { url } = message as { url: string };
      resolve({
        url,
        async drop() {
          child.disconnect();
          await exited;
        },
      });
    });
  });
}

async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
