// Our server for npm run bench:load, in a process of its own (as PostGraphile is): load.ts starts it
// with `node --import tsx`, over the database load.ts seeded, so neither server shares its event loop
// with autocannon. Every statement the app sends is counted where it leaves for PostgreSQL (pg's
// Client.prototype.query, the way test/cases.n1.test.ts counts them) and the count is answered over the
// IPC channel, the same as PostGraphile's counter. Prints `listening <port>` once it answers; exits when
// load.ts goes away. The durable job queue does not run here (as where `npm run worker` runs it,
// JOBS_IN_PROCESS=false): idle, its poll sends ~3 statements a second, which the per-request count took
// for the requests' own (2.01-2.02 instead of 2). It has nothing to do with the list.
// Arguments: the database URL and the data directory.
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { RATE_LIMITS } from '../src/http/limits';

let statements = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const [databaseUrl, dataDir] = process.argv.slice(2);
if (!databaseUrl || !dataDir) throw new Error('usage: load-server.ts <databaseUrl> <dataDir>');

const app = await buildApp({
  databaseUrl,
  databasePoolSize: 10,
  dataDir,
  uploadsDir: join(dataDir, 'uploads'),
  seedOnEmpty: false,
  logLevel: 'warn',
  isProduction: true,
  env: 'production',
  graphiql: false,
  // The load comes from one IP; the limited paths are not exercised here anyway.
  rateLimits: RATE_LIMITS,
  jobs: { ...loadConfig().jobs, inProcess: false },
});
await app.app.listen({ host: '127.0.0.1', port: 0 });
const address = app.app.server.address();

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  // autocannon drops its sockets at the deadline; close() lets the handlers still running finish.
  await app.close();
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'statements') process.send?.({ statements });
  if (message === 'close') void close();
});
process.on('disconnect', () => void close());
process.on('SIGTERM', () => void close());
process.send?.({ listening: typeof address === 'object' && address ? address.port : 0 });
