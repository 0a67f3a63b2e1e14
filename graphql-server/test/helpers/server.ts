import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type App, buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import { RATE_LIMITS, type RateLimits } from '../../src/http/limits';

/** Per-IP rate limits are off in tests (every client is 127.0.0.1), except where a test sets them. */
export const UNLIMITED: RateLimits = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([bucket, rule]) => [bucket, { ...rule, max: 1_000_000 }]),
) as RateLimits;

export interface TestServer extends App {
  url: string;
  dataDir: string;
}

/** The real server (database, GraphQL, WebSocket, REST) listening on a random loopback port. */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vetconsult-test-'));
  const app = await buildApp({
    databaseUrl: inject('databaseUrl'),
    // The embedded test database is one backend: one connection per server keeps transactions apart.
    databasePoolSize: process.env.TEST_DATABASE_URL ? 5 : 1,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    mail: { smtpUrl: undefined, from: 'VetConsult <test@vetconsult.local>', outboxDir: join(dataDir, 'outbox') },
    seedOnEmpty: false,
    // The job queue is shared by every test file's database: only the tests that need it run it.
    jobs: { inProcess: false, pollMs: 1000, backoffMs: 5000 },
    logLevel: 'silent',
    host: '127.0.0.1',
    port: 0,
    rateLimits: UNLIMITED,
    // Each test server is on its own: no shared Redis (rate-limit buckets, events) unless a test asks.
    redisUrl: undefined,
    // A test's leftover client must not hold its file's teardown for ws's 30 s close timeout.
    shutdownGraceMs: 3000,
    ...overrides,
  });
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    ...app,
    url,
    dataDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
