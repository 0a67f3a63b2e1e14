// `npm run worker`: runs the durable job queue alone (notification e-mail and push, reminders, retention),
// beside servers started with JOBS_IN_PROCESS=false. It needs the servers' PostgreSQL (DATABASE_URL): the
// embedded PGlite belongs to one process. With REDIS_URL, the notificationAdded events it publishes reach
// the subscribers of every server instance.
import { loadConfig } from '../config';
import { startJobRunner } from '../job-runner';
import { openDatabase } from '../lib/db';
import { createEventBus } from '../lib/events';
import { createLogger } from '../lib/logger';
import { createMailer } from '../lib/mail';
import { createEventTransport } from '../lib/pubsub';
import { loadOrCreateServerSecret } from '../lib/server-secret';
import { createStorage } from '../lib/storage';
import { createRenderPool } from '../renders';
import { createServices } from '../services';

const loaded = loadConfig();
if (!loaded.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL (the embedded database belongs to the server process).');
  process.exit(2);
}
const config = { ...loaded, serverSecret: loaded.serverSecret ?? (await loadOrCreateServerSecret(loaded.dataDir)) };
const logger = createLogger(config.logLevel);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  logger,
});
const transport = createEventTransport(config.redisUrl, logger);
const events = createEventBus(transport.eventTarget ? { eventTarget: transport.eventTarget } : {});
// The e-mails are rendered and composed on worker threads, as in the server (issue 17).
const renderPool = createRenderPool(config.renderThreads, logger);
const renders = renderPool.tasks;
const services = createServices({
  config,
  db: database.db,
  reader: database.reader,
  mailer: createMailer({ ...config.mail, logger, compose: renders.composeMail }),
  renders,
  logger,
  events,
  storage: createStorage(config),
});
const runner = startJobRunner({ services, events, logger });
logger.info('job worker started');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping');
    await runner.stop();
    await renderPool.close();
    await transport.close();
    await database.close();
    process.exit(0);
  });
}
