import { buildApp } from './app';
import { DEMO_LOGINS, DEMO_PASSWORD } from './scripts/seed-data';

// Only listens: everything else is built by buildApp() (which the tests use too).
const { app, config, close, logger } = await buildApp();
await app.listen({ host: config.host, port: config.port, backlog: config.listenBacklog });
logger.info(`VetConsult is running at ${config.publicUrl}`);
if (config.seedOnEmpty && !config.isProduction) {
  const lines = DEMO_LOGINS.map((l) => `  ${l.username.padEnd(14)} ${l.role.padEnd(13)} ${l.note}`);
  console.log(
    `\nDemo logins (password "${DEMO_PASSWORD}"):\n${lines.join('\n')}\n  admin: ${config.admin.email} / (ADMIN_PASSWORD)\n`,
  );
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // close() stops accepting, drains in-flight requests, closes sockets, then the database. A request
    // that never ends must not keep the process alive forever.
    const hardLimitMs = config.shutdownGraceMs + 15_000;
    setTimeout(() => {
      logger.error(`shutdown timed out after ${hardLimitMs} ms; exiting`);
      process.exit(1);
    }, hardLimitMs).unref();
    await close();
    process.exit(0);
  });
}
