// npm run bench:realtime -- [--subscribers 1000] [--events 100] [--interval 50] [--single-only] [--cpu-prof DIR]
//
// N WebSocket subscribers (one veterinarian's sessions, each subscribed to myCasesChanged) connect to
// the server; a driver (the assigned specialist) accepts M cases through REST. For every delivery it
// measures commit -> receipt latency (the event carries its commit time; one machine, one clock),
// counts lost events, and samples the server's RSS and CPU. Then the same with two server processes
// on two ports sharing Redis, subscribers split between them and the driver on the first.
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres: a fresh
// database is created and dropped) and, for the second run, Redis (REDIS_URL, default local 6379).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Client } from 'graphql-ws';
import pg from 'pg';
import { hashPassword } from '../src/domain/auth/password';
import { createPrismaClient } from '../src/lib/db/client';
import { applyMigrations } from '../src/lib/db/migrate';
import { hashToken, newToken } from '../src/lib/tokens';
import { TestClient } from '../test/helpers/client';
import { connected, wsClient } from '../test/helpers/ws';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    events: { type: 'string', default: '100' },
    interval: { type: 'string', default: '50' },
    'single-only': { type: 'boolean', default: false },
    /** Writes a V8 CPU profile of each server process into this folder (open it in Chrome DevTools). */
    'cpu-prof': { type: 'string' },
  },
});
const SUBSCRIBERS = Number(values.subscribers);
const EVENTS = Number(values.events);
const INTERVAL_MS = Number(values.interval);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER = join(import.meta.dirname, '../src/server.ts');
const CLK_TCK = 100;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function processStats(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const cpuTicks = Number(stat[11]) + Number(stat[12]);
  return { rssMb: rssKb / 1024, cpuSeconds: cpuTicks / CLK_TCK };
}

async function startServer(port: number, databaseUrl: string, redisUrl?: string): Promise<ChildProcess> {
  const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl ?? '',
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server on ${port} did not start`);
}

async function run(label: string, ports: number[], databaseUrl: string, redisUrl?: string) {
  const servers = [];
  for (const port of ports) servers.push(await startServer(port, databaseUrl, redisUrl));
  const db = createPrismaClient(databaseUrl, 2);
  const tag = `${label.replace(/\W/g, '')}${Date.now().toString(36)}`;
  const passwordHash = await hashPassword('bench-pass-123');
  const vet = await db.user.create({
    data: {
      username: `vet_${tag}`,
      email: `vet_${tag}@bench.example`,
      name: 'Bench Vet',
      role: 'VETERINARIAN',
      approved: true,
      passwordHash,
    },
  });
  const specialist = await db.user.create({
    data: {
      username: `spec_${tag}`,
      email: `spec_${tag}@bench.example`,
      name: 'Bench Specialist',
      role: 'SPECIALIST',
      specialty: 'Cardiology',
      approved: true,
      passwordHash,
    },
  });
  const cases = [];
  for (let i = 0; i < EVENTS; i++) {
    cases.push(
      await db.case.create({
        data: {
          vetId: vet.id,
          specialistId: specialist.id,
          status: 'pending',
          isPaid: true,
          specialty: 'Cardiology',
          patientName: `Patient ${i}`,
          termsAccepted: true,
        },
      }),
    );
  }
  // One session per subscriber, as N browser tabs of the same clinic would have.
  const tokens = Array.from({ length: SUBSCRIBERS }, () => newToken());
  await db.session.createMany({
    data: tokens.map((token) => ({
      tokenHash: hashToken(token),
      userId: vet.id,
      expiresAt: new Date(Date.now() + 3600_000),
    })),
  });

  const clients: Client[] = [];
  const latencies: number[] = [];
  let delivered = 0;
  const connectStart = Date.now();
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const port = ports[i % ports.length];
    const client = wsClient(`http://127.0.0.1:${port}`, `vc_session=${tokens[i]}`);
    clients.push(client);
  }
  await Promise.all(clients.map((c) => connected(c)));
  for (const client of clients) {
    client.subscribe<{ myCasesChanged: { at: number } }>(
      { query: 'subscription { myCasesChanged { uuid status at } }' },
      {
        next: (result) => {
          const at = result.data?.myCasesChanged.at;
          if (at) latencies.push(Date.now() - at);
          delivered++;
        },
        error: () => {},
        complete: () => {},
      },
    );
  }
  const connectMs = Date.now() - connectStart;
  await sleep(1000);

  const driver = new TestClient(`http://127.0.0.1:${ports[0]}`);
  await driver.post('/api/auth/login', { username: specialist.username, password: 'bench-pass-123' });
  const before = servers.map((s) => processStats(s.pid ?? 0));
  const clientBefore = process.cpuUsage();
  const started = Date.now();
  for (const kase of cases) {
    const response = await driver.post(`/api/cases/${kase.uuid}/accept`, { specialistId: specialist.id });
    if (response.status !== 200) throw new Error(`accept failed: ${response.status} ${JSON.stringify(response.body)}`);
    await sleep(INTERVAL_MS);
  }
  const expected = SUBSCRIBERS * EVENTS;
  const deadline = Date.now() + 30_000;
  while (delivered < expected && Date.now() < deadline) await sleep(50);
  const elapsed = (Date.now() - started) / 1000;
  const after = servers.map((s) => processStats(s.pid ?? 0));
  const clientCpu = process.cpuUsage(clientBefore);

  latencies.sort((a, b) => a - b);
  console.log(
    `\n== ${label}: ${SUBSCRIBERS} subscribers, ${EVENTS} case transitions, ${ports.length} server process(es)`,
  );
  console.log(`connect + subscribe all sockets: ${connectMs} ms`);
  console.log(
    `delivery latency (commit -> client receipt) ms: p50 ${percentile(latencies, 50)}  p95 ${percentile(latencies, 95)}  p99 ${percentile(latencies, 99)}  max ${latencies.at(-1)}`,
  );
  console.log(`deliveries: ${delivered} of ${expected} expected; events lost: ${expected - delivered}`);
  after.forEach((stats, i) => {
    const cpu = stats.cpuSeconds - (before[i]?.cpuSeconds ?? 0);
    console.log(
      `server ${i + 1}: RSS ${stats.rssMb.toFixed(0)} MB, CPU ${cpu.toFixed(2)} s over ${elapsed.toFixed(1)} s (${((cpu / elapsed) * 100).toFixed(0)}% of one core)`,
    );
  });

  const clientSeconds = (clientCpu.user + clientCpu.system) / 1e6;
  console.log(
    `bench client (all ${SUBSCRIBERS} sockets and the driver, this process): CPU ${clientSeconds.toFixed(2)} s (${((clientSeconds / elapsed) * 100).toFixed(0)}% of one core); machine load average ${loadavg()[0]?.toFixed(1)}`,
  );

  for (const client of clients) await client.dispose();
  await db.$disconnect();
  for (const server of servers) server.kill('SIGTERM');
  await sleep(500);
  return { p99: percentile(latencies, 99), lost: expected - delivered };
}

function pollingComparison() {
  console.log("\n== What the spec's polling would give instead");
  for (const interval of [15, 30]) {
    console.log(
      `poll every ${interval} s: mean staleness ${(interval / 2).toFixed(1)} s, worst ${interval} s; ${3600 / interval} requests/hour per polled query`,
    );
  }
  // An idle veterinarian's dashboard polls cases (30 s) and stats (30 s) and drafts (60 s); a
  // specialist's list adds available cases (15 s).
  const vetPerHour = 3600 / 30 + 3600 / 30 + 3600 / 60;
  const specialistPerHour = 3600 / 30 + 3600 / 30 + 3600 / 15;
  console.log(
    `idle client, requests per hour: polling vet ${vetPerHour}, specialist ${specialistPerHour}; live (socket up): 0 (one WebSocket, a ping every 12 s)`,
  );
}

const dbName = `vetconsult_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
try {
  await applyMigrations(databaseUrl);
  await run('one instance, in-process events', [4601], databaseUrl);
  if (!values['single-only']) await run('two instances over Redis', [4602, 4603], databaseUrl, REDIS_URL);
  pollingComparison();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}
