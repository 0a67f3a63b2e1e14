// npm run trial:queues -- [--only graphile-worker|pg-boss] [--targets postgresql,pglite-1,pglite-2,pglite-10,pglite-shared]
//
// Issue 14: graphile-worker 0.18.0 and pg-boss 12.38.0 tried against PostgreSQL and against the embedded
// PGlite served exactly as lib/db/embedded.ts serves it (PGLiteSocketServer on a loopback port, one
// backend, maxConnections N). Neither library is a dependency of the repo: this script installs nothing.
// Install them in a scratch project and point QUEUE_TRIAL_DIR at it:
//   mkdir /tmp/qtrial && cd /tmp/qtrial && npm init -y && npm install graphile-worker@0.18.0 pg-boss@12.38.0 --no-audit --no-fund
//   QUEUE_TRIAL_DIR=/tmp/qtrial npm run trial:queues
// Without them it prints these lines and exits 0.
//
// For every library x database it checks, and prints as one table (docs/notifications.md records it):
//   migrate     installs its schema (ms, or the error)
//   tx commit   enqueued inside an app transaction (same client as the app's INSERT) that commits: runs
//   tx rollback enqueued inside an app transaction that stays open 1.5 s (3 polls), then rolls back:
//               never runs, the app row is gone too
//   pick-up     commit -> handler start, median / max of 5 (the worker in the same process)
//   retry       a handler that throws once is run again: delay between the two attempts
//   scheduled   run_at = now + 3 s: when it ran (must not be before 3 s)
//   dedupe      two adds with one key (job_key / singletonKey on an 'exclusive' queue): runs counted
//   crash       a worker in a child process takes the job and process.exit(1)s mid-job; a fresh worker
//               runs: how long until the job runs again (waits up to CRASH_WAIT_S, default 40 s)
//   2 workers   two worker processes on the one database, 30 jobs: duplicate runs, lost jobs
// Anything the library logs as an error or warning is collected under "errors".
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import type { Prisma } from '../src/generated/prisma/client';
import { createPrismaClient } from '../src/lib/db/client';
import { freePort } from '../src/lib/db/embedded';

const SELF = fileURLToPath(import.meta.url);
const TRIAL_DIR = process.env.QUEUE_TRIAL_DIR ?? '/tmp/qtrial';
const PG_URL = process.env.TRIAL_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const CRASH_WAIT_MS = Number(process.env.CRASH_WAIT_S ?? 40) * 1000;
const LIBS = ['graphile-worker', 'pg-boss'] as const;
type LibName = (typeof LIBS)[number];

// The libraries are not dependencies, so their types are not here.
type Any = any;

async function loadLib(name: LibName): Promise<Any | null> {
  const dir = join(TRIAL_DIR, 'node_modules', name);
  if (!existsSync(join(dir, 'package.json'))) return null;
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const mod = await import(pathToFileURL(join(dir, pkg.main ?? 'index.js')).href);
  return { ...(mod.default ?? {}), ...mod, version: pkg.version };
}

// ---------------------------------------------------------------------------------------------------
// What every library adapter offers the checks.

interface Payload {
  id: string;
  failOnce?: boolean;
  crash?: boolean;
}
interface EnqueueOptions {
  key?: string;
  runAt?: Date;
}
interface Worker {
  stop(): Promise<void>;
}
interface Adapter {
  migrate(): Promise<void>;
  /** Enqueues in the app's open transaction on `client` (BEGIN already sent). */
  enqueueInTx(client: pg.Client, payload: Payload, options?: EnqueueOptions): Promise<void>;
  /** Enqueues in an interactive transaction of Prisma (adapter-pg), as the app's addJob(tx, ...) would. */
  enqueueInPrismaTx(tx: Prisma.TransactionClient, payload: Payload): Promise<void>;
  startWorker(handler: (payload: Payload) => Promise<void>): Promise<Worker>;
  /** What the database says of jobs still locked (the crashed worker's). */
  locked(client: pg.Client): Promise<string>;
  close(): Promise<void>;
}
interface AdapterContext {
  url: string;
  /** The library's own pool size (undefined: its default, 10 for both). */
  pool?: number;
  /** The app's own connection: for the "shared" variant the library runs over it too. */
  appClient: pg.Client;
  shared: boolean;
  errors: string[];
}

function note(errors: string[], message: string) {
  const line = message.replace(/\s+/g, ' ').slice(0, 220);
  if (!errors.includes(line) && errors.length < 12) errors.push(line);
}

function graphileAdapter(lib: Any, ctx: AdapterContext): Adapter {
  const logger = new lib.Logger(() => (level: string, message: string, meta?: { error?: Error }) => {
    const cause = meta?.error?.message ? ` (${meta.error.message})` : '';
    if (level === 'error' || level === 'warning') note(ctx.errors, `${level}: ${message}${cause}`);
  });
  const common = { connectionString: ctx.url, logger, noHandleSignals: true, maxPoolSize: ctx.pool };
  return {
    async migrate() {
      const utils = await lib.makeWorkerUtils(common);
      try {
        await utils.migrate();
      } finally {
        await utils.release();
      }
    },
    async enqueueInTx(client, payload, options = {}) {
      await client.query(
        'SELECT graphile_worker.add_job($1, $2::json, run_at => $3::timestamptz, max_attempts => 5, job_key => $4)',
        ['trial', JSON.stringify(payload), options.runAt ?? null, options.key ?? null],
      );
    },
    async enqueueInPrismaTx(tx, payload) {
      await tx.$queryRawUnsafe('SELECT graphile_worker.add_job($1, $2::json)', 'trial', JSON.stringify(payload));
    },
    async startWorker(handler) {
      const runner = await lib.run({
        ...common,
        concurrency: 1,
        pollInterval: 500,
        taskList: { trial: async (payload: Payload) => handler(payload) },
      });
      return { stop: () => runner.stop() };
    },
    async locked(client) {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n, round(extract(epoch FROM now() - min(locked_at)))::int AS age
         FROM graphile_worker._private_jobs WHERE locked_at IS NOT NULL`,
      );
      return `${rows[0].n} job(s) still locked by the dead worker (locked ${rows[0].age} s ago; freed after 4 h)`;
    },
    async close() {},
  };
}

function pgBossAdapter(lib: Any, ctx: AdapterContext, childClient?: pg.Client): Adapter {
  const executor = (client: pg.Client) => ({
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await client.query(text, values as unknown[]);
      // A multi-statement text gives an array of results (what pg-boss's own pool driver unwraps too).
      const rows = Array.isArray(result) ? result.flatMap((r) => r.rows ?? []) : result.rows;
      return { rows };
    },
  });
  const own = childClient ?? (ctx.shared ? ctx.appClient : null);
  const boss = new lib.PgBoss({
    ...(own ? { db: executor(own) } : { connectionString: ctx.url, ...(ctx.pool ? { max: ctx.pool } : {}) }),
    superviseIntervalSeconds: 1,
    monitorIntervalSeconds: 1,
    useListenNotify: !own,
  });
  boss.on('error', (error: Error) => note(ctx.errors, `error: ${error.message}`));
  boss.on('warning', (warning: { message?: string }) => note(ctx.errors, `warning: ${warning.message ?? warning}`));
  const queueOptions = { retryLimit: 4, retryDelay: 1, retryBackoff: true, expireInSeconds: 5, notify: !own };
  let started = false;
  async function ensureStarted() {
    if (started) return;
    await boss.start();
    started = true;
  }
  return {
    async migrate() {
      await ensureStarted();
      await boss.createQueue('trial', queueOptions);
      await boss.createQueue('trial_key', { ...queueOptions, policy: 'exclusive' });
    },
    async enqueueInTx(client, payload, options = {}) {
      await boss.send(options.key ? 'trial_key' : 'trial', payload, {
        db: executor(client),
        ...(options.runAt ? { startAfter: options.runAt } : {}),
        ...(options.key ? { singletonKey: options.key } : {}),
      });
    },
    async enqueueInPrismaTx(tx, payload) {
      await boss.send('trial', payload, { db: lib.fromPrisma(tx) });
    },
    async startWorker(handler) {
      await ensureStarted();
      const work = async (jobs: { data: Payload }[]) => {
        for (const job of jobs) await handler(job.data);
      };
      // With NOTIFY on, a worker polls only every notifyPollingIntervalSeconds (default 30 s), and a
      // retry or a scheduled job coming due sends no NOTIFY: 1 s, as our own queue's poll.
      const polling = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 1 };
      const ids = [
        ['trial', await boss.work('trial', polling, work)],
        ['trial_key', await boss.work('trial_key', polling, work)],
      ];
      return {
        async stop() {
          for (const [queue, id] of ids) await boss.offWork(queue, { id });
        },
      };
    },
    async locked(client) {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active'`);
      return `${rows[0].n} job(s) still active`;
    },
    async close() {
      if (started) await boss.stop({ graceful: false, timeout: 2000, close: true });
    },
  };
}

function makeAdapter(name: LibName, lib: Any, ctx: AdapterContext, childClient?: pg.Client): Adapter {
  return name === 'graphile-worker' ? graphileAdapter(lib, ctx) : pgBossAdapter(lib, ctx, childClient);
}

// ---------------------------------------------------------------------------------------------------
// Child process: one worker that logs each run to the runs file; a `crash` job exits mid-job.

interface Run {
  id: string;
  pid: number;
  at: number;
}

function logRun(runsFile: string, id: string) {
  appendFileSync(runsFile, `${JSON.stringify({ id, pid: process.pid, at: Date.now() })}\n`);
}

function readRuns(runsFile: string): Run[] {
  if (!existsSync(runsFile)) return [];
  return readFileSync(runsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Run);
}

async function child(name: LibName, url: string, runsFile: string, shared: boolean, pool?: number) {
  const lib = await loadLib(name);
  // Only the shared variant needs a connection of its own here (the library runs over it).
  const appClient = new pg.Client({ connectionString: url });
  if (shared) await appClient.connect();
  const errors: string[] = [];
  const adapter = makeAdapter(name, lib, { url, pool, appClient, shared, errors }, shared ? appClient : undefined);
  await adapter.startWorker(async (payload) => {
    logRun(runsFile, payload.id);
    if (payload.crash) process.exit(1);
    await sleep(20);
  });
  process.stdout.write('ready\n');
  setInterval(() => {
    if (errors.length) process.stderr.write(`${errors.splice(0).join('\n')}\n`);
  }, 500);
}

function spawnWorker(target: Target, name: LibName, runsFile: string, errors: string[]): Promise<ChildProcess> {
  const args = [SELF, 'child', name, target.url, runsFile, String(target.shared), String(target.pool ?? '')];
  const proc = spawn(process.execPath, [...process.execArgv, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('worker process not ready in 20 s')), 20_000);
    proc.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve(proc);
      }
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) note(errors, `worker process: ${line}`);
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker process exited (${code}) before it was ready`));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Databases.

interface Target {
  name: string;
  url: string;
  shared: boolean;
  pool?: number;
  /** PGlite only: what the (maxConnections + 1)th connection gets. */
  overflow?: string;
  stop(): Promise<void>;
}

async function startTarget(name: string, lib: LibName): Promise<Target> {
  if (name === 'postgresql') {
    const dbName = `queue_trial_${lib.replace('-', '_')}_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    return {
      name,
      url: url.toString(),
      shared: false,
      async stop() {
        const again = new pg.Client({ connectionString: PG_URL });
        await again.connect();
        await again.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await again.end();
      },
    };
  }
  // pglite-N[-poolK]: as lib/db/embedded.ts, maxConnections N, the library's pool K (default its own);
  // pglite-shared: the library runs over the app's own single connection (each worker process has its
  // one connection), maxConnections 4.
  const shared = name === 'pglite-shared';
  const maxConnections = shared ? 4 : Number(name.split('-')[1]);
  const pool = /-pool(\d+)$/.exec(name)?.[1];
  const db = await PGlite.create({});
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections });
  await server.start();
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  // What a connection beyond maxConnections gets (the server writes "Too many connections" and closes).
  const probes = Array.from({ length: maxConnections + 1 }, () => new pg.Client({ connectionString: url }));
  let overflow = 'accepted';
  for (const probe of probes) {
    probe.on('error', () => {});
    await probe.connect().catch((error: Error) => {
      overflow = error.message;
    });
  }
  for (const probe of probes) await probe.end().catch(() => {});
  await sleep(100);
  return {
    name: shared
      ? 'pglite-shared (max 4, library on the app connection)'
      : `pglite (max ${maxConnections}${pool ? `, pool ${pool}` : ''})`,
    url,
    shared,
    pool: pool ? Number(pool) : undefined,
    overflow: `connection ${maxConnections + 1}: ${overflow}`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

// What the embedded server does with several connections (independent of either library): is a second
// connection's statement run inside the first one's open transaction? Is a session advisory lock of one
// connection held against another? Does a LISTEN on one connection hear a NOTIFY sent from another?
async function probeEmbedded(): Promise<string[]> {
  const db = await PGlite.create({});
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 3 });
  await server.start();
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  const a = new pg.Client({ connectionString: url });
  const b = new pg.Client({ connectionString: url });
  await a.connect();
  await b.connect();
  const lines: string[] = [];
  try {
    await a.query('CREATE TABLE t (id int)');
    await a.query('BEGIN');
    await a.query('INSERT INTO t VALUES (1)');
    const t0 = Date.now();
    const seen = b.query('SELECT count(*)::int AS n FROM t').then((r) => ({ n: r.rows[0].n, ms: Date.now() - t0 }));
    await sleep(1000);
    await a.query('ROLLBACK');
    const { n, ms } = await seen;
    lines.push(`B's SELECT while A's transaction (1 uncommitted row) stays open 1 s: waited ${ms} ms, saw ${n} rows`);
    await a.query('SELECT pg_advisory_lock(42)');
    const got = (await b.query('SELECT pg_try_advisory_lock(42) AS got')).rows[0].got;
    lines.push(`A holds session advisory lock 42; B's pg_try_advisory_lock(42): ${got}`);
    let heardByA = 0;
    let heardByB = 0;
    a.on('notification', () => heardByA++);
    b.on('notification', () => heardByB++);
    await a.query('LISTEN chan');
    await b.query("NOTIFY chan, 'x'");
    await sleep(300);
    await a.query('SELECT 1');
    lines.push(`A LISTENs, B NOTIFYs: A heard ${heardByA}, B (not listening) heard ${heardByB}`);
    // Outside a transaction the server passes on each protocol message as it comes: do two connections'
    // parameterised statements (Parse/Bind/Execute on the unnamed statement) stay whole?
    let wrong = 0;
    let failed = 0;
    const firstErrors = new Set<string>();
    const runA = async (i: number) => {
      const r = await a.query('SELECT $1::int + 1 AS v', [i]);
      if (r.rows[0]?.v !== i + 1) wrong++;
    };
    const runB = async (i: number) => {
      const r = await b.query("SELECT $1::text || '-b' AS v", [`b${i}`]);
      if (r.rows[0]?.v !== `b${i}-b`) wrong++;
    };
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? runA(i) : runB(i)).catch((error: Error) => {
          failed++;
          if (firstErrors.size < 2) firstErrors.add(error.message);
        }),
      ),
    );
    lines.push(
      `200 parameterised statements from A and B at once, no transaction: ${failed} failed, ${wrong} wrong results${
        firstErrors.size ? ` (${[...firstErrors].join('; ')})` : ''
      }`,
    );
  } finally {
    await a.end();
    await b.end();
    await server.stop();
    await db.close();
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------
// The checks.

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitFor(predicate: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (predicate()) return true;
    await sleep(25);
  }
  return predicate();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type Row = Record<string, string>;

async function trial(name: LibName, lib: Any, targetName: string): Promise<Row> {
  const row: Row = { library: `${name} ${lib.version}`, database: targetName };
  const errors: string[] = [];
  const runsDir = mkdtempSync(join(tmpdir(), 'qtrial-'));
  const runsFile = join(runsDir, 'runs.log');
  const runs = () => readRuns(runsFile);
  const ranCount = (id: string) => runs().filter((r) => r.id === id).length;
  const firstRun = (id: string) => runs().find((r) => r.id === id);
  let target: Target | null = null;
  let appClient: pg.Client | null = null;
  let adapter: Adapter | null = null;
  let worker: Worker | null = null;
  const children: ChildProcess[] = [];
  const failedOnce = new Set<string>();
  const handler = async (payload: Payload) => {
    logRun(runsFile, payload.id);
    if (payload.failOnce && !failedOnce.has(payload.id)) {
      failedOnce.add(payload.id);
      throw new Error('fails once');
    }
  };
  let seq = 0;
  const nextId = (tag: string) => `${tag}-${++seq}`;

  /** holdMs: the transaction stays open that long after the enqueue (longer than a worker's poll). */
  async function inTx(commit: boolean, payload: Payload, options?: EnqueueOptions, holdMs = 0): Promise<number> {
    const client = appClient as pg.Client;
    await client.query('BEGIN');
    try {
      await client.query('INSERT INTO app_state (id) VALUES ($1)', [payload.id]);
      await (adapter as Adapter).enqueueInTx(client, payload, options);
      if (holdMs) await sleep(holdMs);
      await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
    return Date.now();
  }

  async function check(property: string, ms: number, work: () => Promise<string>) {
    try {
      row[property] = await within(ms, work());
    } catch (error) {
      row[property] = `FAIL: ${(error as Error).message.replace(/\s+/g, ' ').slice(0, 160)}`;
    }
    process.stdout.write(`  ${name} | ${targetName} | ${property}: ${row[property]}\n`);
  }

  try {
    target = await startTarget(targetName, name);
    const started = target;
    row.database = target.name;
    if (target.overflow) note(errors, target.overflow);
    appClient = new pg.Client({ connectionString: target.url });
    appClient.on('error', (error) => note(errors, `app connection: ${error.message}`));
    await appClient.connect();
    await appClient.query('CREATE TABLE app_state (id text PRIMARY KEY)');
    adapter = makeAdapter(name, lib, { url: target.url, pool: target.pool, appClient, shared: target.shared, errors });
    const ready = adapter;

    await check('migrate', 30_000, async () => {
      const t0 = Date.now();
      await ready.migrate();
      return `ok ${Date.now() - t0} ms`;
    });
    if (row.migrate?.startsWith('FAIL')) return row;

    await check('worker start', 15_000, async () => {
      worker = await ready.startWorker(handler);
      return 'ok';
    });
    if (!worker) return row;

    await check('tx commit', 15_000, async () => {
      const id = nextId('commit');
      const t0 = await inTx(true, { id });
      if (!(await waitFor(() => ranCount(id) > 0, 12_000))) return 'FAIL: committed job did not run in 12 s';
      return `ran once, ${(firstRun(id) as Run).at - t0} ms after commit`;
    });

    await check('tx rollback', 15_000, async () => {
      const rolled = nextId('rollback');
      await inTx(false, { id: rolled }, {}, 1500);
      const marker = nextId('after-rollback');
      await inTx(true, { id: marker });
      await waitFor(() => ranCount(marker) > 0, 8000);
      await sleep(1500);
      const rows = await (appClient as pg.Client).query('SELECT 1 FROM app_state WHERE id = $1', [rolled]);
      return ranCount(rolled) === 0 && rows.rowCount === 0
        ? 'not run (and app row gone)'
        : `FAIL: ran ${ranCount(rolled)}x`;
    });

    await check('prisma tx', 20_000, async () => {
      const prisma = createPrismaClient(started.url, 1, true);
      try {
        const committed = nextId('prisma-commit');
        const rolled = nextId('prisma-rollback');
        const t0 = Date.now();
        await prisma.$transaction(async (tx) => {
          await tx.$executeRawUnsafe('INSERT INTO app_state (id) VALUES ($1)', committed);
          await ready.enqueueInPrismaTx(tx, { id: committed });
        });
        await prisma
          .$transaction(async (tx) => {
            await tx.$executeRawUnsafe('INSERT INTO app_state (id) VALUES ($1)', rolled);
            await ready.enqueueInPrismaTx(tx, { id: rolled });
            throw new Error('roll back');
          })
          .catch(() => {});
        if (!(await waitFor(() => ranCount(committed) > 0, 10_000))) return 'FAIL: committed job did not run in 10 s';
        await sleep(1500);
        if (ranCount(rolled) > 0) return 'FAIL: the rolled-back job ran';
        return `commit ran (${(firstRun(committed) as Run).at - t0} ms), rollback not run`;
      } finally {
        await prisma.$disconnect();
      }
    });

    await check('pick-up', 40_000, async () => {
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        const id = nextId('latency');
        const t0 = await inTx(true, { id });
        if (!(await waitFor(() => ranCount(id) > 0, 6000))) return `FAIL: job ${i + 1} not run in 6 s`;
        latencies.push((firstRun(id) as Run).at - t0);
      }
      return `median ${median(latencies)} ms, max ${Math.max(...latencies)} ms`;
    });

    await check('retry', 30_000, async () => {
      const id = nextId('retry');
      await inTx(true, { id, failOnce: true });
      if (!(await waitFor(() => ranCount(id) >= 2, 25_000))) return `FAIL: ran ${ranCount(id)}x in 25 s`;
      const [first, second] = runs().filter((r) => r.id === id) as [Run, Run];
      return `2nd attempt ${second.at - first.at} ms after the 1st`;
    });

    await check('scheduled', 20_000, async () => {
      const id = nextId('scheduled');
      const t0 = Date.now();
      await inTx(true, { id }, { runAt: new Date(t0 + 3000) });
      if (!(await waitFor(() => ranCount(id) > 0, 12_000))) return 'FAIL: did not run in 12 s';
      const delay = (firstRun(id) as Run).at - t0;
      return `${delay < 2950 ? 'FAIL: early, ' : ''}ran at +${delay} ms (due +3000)`;
    });

    await check('dedupe', 20_000, async () => {
      const key = `key-${process.pid}-${seq}`;
      const a = nextId('dedupe');
      const b = nextId('dedupe');
      const runAt = new Date(Date.now() + 1500);
      await inTx(true, { id: a }, { key, runAt });
      await inTx(true, { id: b }, { key, runAt });
      await sleep(5000);
      const count = ranCount(a) + ranCount(b);
      return `${count === 1 ? '' : 'FAIL: '}${count} run(s) for 2 adds with one key`;
    });

    // Crash: the in-process worker steps aside; a child worker takes the job and dies mid-job.
    await check('crash', CRASH_WAIT_MS + 40_000, async () => {
      await (worker as Worker).stop();
      worker = null;
      const proc = await spawnWorker(started, name, runsFile, errors);
      children.push(proc);
      const id = nextId('crash');
      const exited = new Promise<number>((resolve) => proc.once('exit', () => resolve(Date.now())));
      await inTx(true, { id, crash: true });
      if (!(await waitFor(() => ranCount(id) > 0, 10_000))) return 'FAIL: the child worker did not take the job';
      const diedAt = await within(5000, exited);
      worker = await ready.startWorker(handler);
      if (!(await waitFor(() => ranCount(id) >= 2, CRASH_WAIT_MS)))
        return `FAIL: not run again within ${CRASH_WAIT_MS / 1000} s of the crash: ${await ready.locked(appClient as pg.Client)}`;
      return `run again ${(runs().filter((r) => r.id === id)[1] as Run).at - diedAt} ms after the crash`;
    });

    await check('2 workers', 60_000, async () => {
      if (worker) await (worker as Worker).stop();
      worker = null;
      const procs = [
        await spawnWorker(started, name, runsFile, errors),
        await spawnWorker(started, name, runsFile, errors),
      ];
      children.push(...procs);
      const ids = Array.from({ length: 30 }, () => nextId('pair'));
      for (const id of ids) await inTx(true, { id });
      await waitFor(() => ids.every((id) => ranCount(id) > 0), 30_000);
      await sleep(2000);
      const twice = ids.filter((id) => ranCount(id) > 1).length;
      const lost = ids.filter((id) => ranCount(id) === 0).length;
      const pids = procs.map((p) => runs().filter((r) => ids.includes(r.id) && r.pid === p.pid).length);
      return `${twice || lost ? 'FAIL: ' : ''}30 jobs: ${twice} run twice, ${lost} not run; split ${pids.join('/')}`;
    });
  } catch (error) {
    row.setup = `FAIL: ${(error as Error).message}`;
  } finally {
    for (const proc of children) if (proc.exitCode === null) proc.kill('SIGKILL');
    const w = worker as Worker | null;
    await within(5000, (async () => w?.stop())()).catch(() => {});
    await within(5000, (async () => adapter?.close())()).catch(() => {});
    await within(5000, (async () => appClient?.end())()).catch(() => {});
    await within(10_000, (async () => target?.stop())()).catch((error) => note(errors, `stop: ${error.message}`));
    rmSync(runsDir, { recursive: true, force: true });
    row.errors = errors.join(' | ') || '-';
  }
  return row;
}

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      targets: { type: 'string', default: 'postgresql,pglite-1,pglite-2,pglite-10,pglite-10-pool2,pglite-shared' },
    },
  });
  console.log('PGLiteSocketServer, two connections on one PGlite:');
  for (const line of await probeEmbedded()) console.log(`  ${line}`);
  const loaded: [LibName, Any][] = [];
  for (const name of LIBS) {
    if (values.only && values.only !== name) continue;
    const lib = await loadLib(name);
    if (lib) loaded.push([name, lib]);
  }
  if (loaded.length === 0) {
    console.log(`graphile-worker and pg-boss are not installed in ${TRIAL_DIR} (the repo does not depend on them).
Install them in a scratch project outside the repo, then run again:
  mkdir -p /tmp/qtrial && cd /tmp/qtrial && npm init -y && npm install graphile-worker@0.18.0 pg-boss@12.38.0 --no-audit --no-fund
  QUEUE_TRIAL_DIR=/tmp/qtrial npm run trial:queues`);
    return;
  }
  const rows: Row[] = [];
  for (const [name, lib] of loaded) {
    for (const targetName of (values.targets ?? '').split(',')) {
      if (name === 'graphile-worker' && targetName === 'pglite-shared') continue; // needs a pool, not one client
      console.log(`\n== ${name} on ${targetName}`);
      rows.push(await trial(name, lib, targetName));
    }
  }
  console.log('\nRESULTS (JSON)');
  console.log(JSON.stringify(rows, null, 2));
}

process.on('unhandledRejection', (error) => console.error(`unhandled: ${(error as Error)?.message ?? error}`));

if (process.argv[2] === 'child') {
  const [, , , name, url, runsFile, shared, pool] = process.argv;
  child(name as LibName, url as string, runsFile as string, shared === 'true', pool ? Number(pool) : undefined).catch(
    (error) => {
      process.stderr.write(`child: ${error.message}\n`);
      process.exit(2);
    },
  );
} else {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
