import type { Config } from './config';
import { startJobRunner } from './job-runner';
import { type Database, openDatabase } from './lib/db';
import { createEventBus, type EventBus } from './lib/events';
import { createLogger, type Logger } from './lib/logger';
import { createMailer } from './lib/mail';
import { createEventTransport, type EventTransport } from './lib/pubsub';
import { loadOrCreateServerSecret } from './lib/server-secret';
import { createStorage } from './lib/storage';
import { createRenderPool } from './renders';
import { createServices, type Services } from './services';

// What a process of the product runs on, built in one place for the server (app.ts, which adds HTTP,
// GraphQL and the WebSocket) and for `npm run worker` (scripts/worker.ts): the configuration with its
// server secret, the logger, the database, the render pool, the mailer, the event bus (over Redis with
// REDIS_URL), the storage, every service, and the durable job queue's runner where the process runs it.
// A new service or shutdown step is added here, once, for both.

export interface Runtime {
  config: Config;
  logger: Logger;
  database: Database;
  events: EventBus;
  /** The event bus's transport (Redis, or none): the health check reads it. */
  transport: EventTransport;
  services: Services;
  /** Runs the durable job queue in this process (job-runner.ts) until `close`. */
  startJobs(): void;
  /**
   * Stops the background work (reset links being made, reports, thumbnails, the job runner), then
   * closes the render pool they render on, the event transport and the database. The server closes its
   * sockets and HTTP first.
   */
  close(): Promise<void>;
}

export async function openRuntime(loaded: Config): Promise<Runtime> {
  const config: Config = {
    ...loaded,
    serverSecret: loaded.serverSecret ?? (await loadOrCreateServerSecret(loaded.dataDir)),
  };
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    logger,
  });
  // The report PDF and the e-mails are rendered and composed on worker threads, off this event loop
  // (issue 17).
  const renderPool = createRenderPool(config.renderThreads, logger);
  const renders = renderPool.tasks;
  const mailer = createMailer({ ...config.mail, logger, compose: renders.composeMail });
  const transport = createEventTransport(config.redisUrl, logger);
  const events = createEventBus(transport.eventTarget ? { eventTarget: transport.eventTarget } : {});
  const storage = createStorage(config);
  const services = createServices({
    config,
    db: database.db,
    reader: database.reader,
    mailer,
    logger,
    events,
    storage,
    renders,
  });
  let jobRunner: ReturnType<typeof startJobRunner> | null = null;

  return {
    config,
    logger,
    database,
    events,
    transport,
    services,
    startJobs() {
      jobRunner ??= startJobRunner({ services, events, logger });
    },
    async close() {
      await services.auth.settled(); // reset links still being made (their mails are jobs)
      await services.reports.runner.stop();
      await services.thumbnails.stop();
      await jobRunner?.stop();
      await renderPool.close();
      await transport.close();
      await database.close();
    },
  };
}
