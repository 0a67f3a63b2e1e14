// `npm run worker`: runs the durable job queue alone (notification e-mail and push, reminders, retention),
// beside servers started with JOBS_IN_PROCESS=false. It needs the servers' PostgreSQL (DATABASE_URL): the
// embedded PGlite belongs to one process. With REDIS_URL, the notificationAdded events it publishes reach
// the subscribers of every server instance. It runs on what the server runs on (runtime.ts), without HTTP.
import { loadConfig } from '../config';
import { openRuntime } from '../runtime';

const loaded = loadConfig();
if (!loaded.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL (the embedded database belongs to the server process).');
  process.exit(2);
}
const runtime = await openRuntime(loaded);
const { logger } = runtime;
runtime.startJobs();
logger.info('job worker started');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping');
    await runtime.close();
    process.exit(0);
  });
}
