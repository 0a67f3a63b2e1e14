import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// The server the browser benchmarks (click.ts, first-load.ts, bench:operations --browser) run against: the
// e2e defaults of web/playwright.config.ts (embedded database in a fresh data folder, no Redis, no mail
// server), serving the built web client (web/dist), on a free port. `env` overrides them (a PostgreSQL
// DATABASE_URL, for one).

const ROOT = resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'graphql-server/src/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_ON_EMPTY: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_ATTEMPTS_PER_IP: '10000',
      RATE_LIMIT_SCALE: '100',
      SMTP_URL: '',
      REDIS_URL: '',
      ...env,
    },
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ready = await fetch(`${base}/auth`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await sleep(250);
  }
  server.kill();
  throw new Error('the server did not answer within 5 minutes');
}
