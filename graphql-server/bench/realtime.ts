// npm run bench:realtime -- [--subscribers 1000] [--events 100] [--interval 50] [--scenario NAME]...
//                            [--client load|graphql-ws] [--cpu-prof DIR]
//
// N WebSocket subscribers connect to the server; a driver performs M case transitions (specialists
// accept cases through REST, one every --interval ms). For every delivery it measures commit -> receipt
// latency (the event carries its commit time; one machine, one clock), counts lost events, and samples
// the server's RSS and CPU and the bench's own. Scenarios (all by default, or each --scenario given):
//   broadcast     every subscriber receives every event: N sessions of one veterinarian on
//                 myCasesChanged (they share one execution per event), the worst fan-out per event
//   distinct      every subscriber receives every event, N different users (administrators, the only
//                 role that reads every case): one execution per socket per event
//   clinics       the web app's own subscriptions from N sockets of many users: veterinarians' dashboards
//                 (myCasesChanged + dashboardStatsChanged, re-computed from the database) and specialists'
//                 (myCasesChanged + availableCasesChanged), two tabs each; each event reaches its case's
//                 vet and specialist
//   redis         broadcast again, with two server processes on two ports sharing Redis, subscribers
//                 split between them and the driver on the first
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres: a fresh
// database is created and dropped) and, for the second run, Redis (REDIS_URL, default local 6379).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../src/domain/auth/password';
import { createPrismaClient } from '../src/lib/db/client';
import { applyMigrations } from '../src/lib/db/migrate';
import { hashToken, newToken } from '../src/lib/tokens';
import { TestClient } from '../test/helpers/client';
import { connected, wsClient } from '../test/helpers/ws';
import { type LoadClient, loadClient } from './load-client';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    events: { type: 'string', default: '100' },
    interval: { type: 'string', default: '50' },
    scenario: { type: 'string', multiple: true, default: ['broadcast', 'distinct', 'clinics', 'redis'] },
    /** `load` (default): a lean protocol client; `graphql-ws`: the library's Client, ~50 µs a message. */
    client: { type: 'string', default: 'load' },
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

/** One subscriber socket, as the chosen client library. */
function subscriber(baseUrl: string, cookie: string): LoadClient {
  if (values.client === 'load') return loadClient(baseUrl, cookie);
  const client = wsClient(baseUrl, cookie);
  return {
    ready: connected(client),
    subscribe(query, onNext) {
      client.subscribe(
        { query },
        { next: (result) => onNext(result, Date.now()), error: () => {}, complete: () => {} },
      );
    },
    close: () => client.dispose() as Promise<void>,
  };
}

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

type Db = ReturnType<typeof createPrismaClient>;

/** What a scenario sets up: the sockets to open and what each subscribes to, and the transitions. */
interface Population {
  description: string;
  sockets: Array<{ token: string; queries: string[] }>;
  /** Cases to accept, in order, each by its assigned specialist (a session token of theirs). */
  transitions: Array<{ uuid: string; specialistId: number; token: string }>;
  /** Deliveries each transition must produce, all sockets together. */
  deliveriesPerTransition: number;
}

const CASES_CHANGED = 'subscription { myCasesChanged { uuid status kind at } }';
const AVAILABLE_CHANGED = 'subscription { availableCasesChanged { uuid status kind at } }';
const STATS_CHANGED = 'subscription { dashboardStatsChanged { activeCount pendingCount completedThisWeek } }';

async function createUsers(db: Db, tag: string, role: 'VETERINARIAN' | 'SPECIALIST' | 'ADMIN', count: number) {
  const passwordHash = await hashPassword('bench-pass-123');
  const prefix = `${role.toLowerCase()}_${tag}_`;
  await db.user.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      username: `${prefix}${i}`,
      email: `${prefix}${i}@bench.example`,
      name: `Bench ${role.toLowerCase()} ${i}`,
      role,
      specialty: role === 'SPECIALIST' ? 'Cardiology' : null,
      approved: true,
      passwordHash,
    })),
  });
  return db.user.findMany({ where: { username: { startsWith: prefix } }, orderBy: { id: 'asc' } });
}

async function createSessions(db: Db, userIds: number[]): Promise<string[]> {
  const tokens = userIds.map(() => newToken());
  await db.session.createMany({
    data: tokens.map((token, i) => ({
      tokenHash: hashToken(token),
      userId: userIds[i] as number,
      expiresAt: new Date(Date.now() + 3600_000),
    })),
  });
  return tokens;
}

/** Transitions performed before measuring, so that the server's code is warm (JIT, caches, pools). */
const WARMUP = 5;

/** `WARMUP + EVENTS` pending cases, the i-th of vets[i % vets] assigned to specialists[i % specialists]. */
async function createPendingCases(db: Db, vetIds: number[], specialistIds: number[]) {
  const cases = [];
  for (let i = 0; i < WARMUP + EVENTS; i++) {
    cases.push(
      await db.case.create({
        data: {
          vetId: vetIds[i % vetIds.length] as number,
          specialistId: specialistIds[i % specialistIds.length] as number,
          status: 'pending',
          isPaid: true,
          specialty: 'Cardiology',
          patientName: `Patient ${i}`,
          termsAccepted: true,
        },
      }),
    );
  }
  return cases;
}

/** One vet's cases, accepted one after another by one specialist; every socket subscribes to them all. */
async function broadcastTo(
  db: Db,
  tag: string,
  description: string,
  subscriberIds: (vetId: number) => Promise<number[]>,
) {
  const [vet] = await createUsers(db, tag, 'VETERINARIAN', 1);
  const [specialist] = await createUsers(db, tag, 'SPECIALIST', 1);
  if (!vet || !specialist) throw new Error('no users');
  const [driverToken = ''] = await createSessions(db, [specialist.id]);
  const cases = await createPendingCases(db, [vet.id], [specialist.id]);
  const tokens = await createSessions(db, await subscriberIds(vet.id));
  return {
    description,
    sockets: tokens.map((token) => ({ token, queries: [CASES_CHANGED] })),
    transitions: cases.map((kase) => ({ uuid: kase.uuid, specialistId: specialist.id, token: driverToken })),
    deliveriesPerTransition: SUBSCRIBERS,
  };
}

const scenarios: Record<string, (db: Db, tag: string) => Promise<Population>> = {
  broadcast: (db, tag) =>
    broadcastTo(db, tag, `${SUBSCRIBERS} sessions of one veterinarian on myCasesChanged`, async (vetId) =>
      Array(SUBSCRIBERS).fill(vetId),
    ),
  distinct: (db, tag) =>
    broadcastTo(db, tag, `${SUBSCRIBERS} different administrators on myCasesChanged`, async () =>
      (await createUsers(db, tag, 'ADMIN', SUBSCRIBERS)).map((admin) => admin.id),
    ),
  async clinics(db, tag) {
    // Two tabs per user; a fifth of the users are specialists.
    const users = Math.max(2, Math.floor(SUBSCRIBERS / 2));
    const specialistCount = Math.max(1, Math.floor(users / 5));
    const vets = await createUsers(db, tag, 'VETERINARIAN', users - specialistCount);
    const specialists = await createUsers(db, tag, 'SPECIALIST', specialistCount);
    const vetIds = vets.map((vet) => vet.id);
    const specialistIds = specialists.map((specialist) => specialist.id);
    const driverTokens = await createSessions(db, specialistIds);
    const cases = await createPendingCases(db, vetIds, specialistIds);
    const vetTokens = await createSessions(db, [...vetIds, ...vetIds]);
    const specialistTokens = await createSessions(db, [...specialistIds, ...specialistIds]);
    const sockets = [
      ...vetTokens.map((token) => ({ token, queries: [CASES_CHANGED, STATS_CHANGED] })),
      ...specialistTokens.map((token) => ({ token, queries: [CASES_CHANGED, AVAILABLE_CHANGED] })),
    ];
    // Each accept: the vet's two tabs get the case and their stats, the specialist's two tabs the
    // case and its leaving Available Cases.
    return {
      description: `${vets.length} veterinarians and ${specialists.length} specialists, two tabs each (${sockets.length} sockets, ${sockets.length * 2} subscriptions)`,
      sockets,
      transitions: cases.map((kase, i) => ({
        uuid: kase.uuid,
        specialistId: kase.specialistId as number,
        token: driverTokens[i % driverTokens.length] as string,
      })),
      deliveriesPerTransition: 8,
    };
  },
};

async function run(scenario: string, ports: number[], databaseUrl: string, redisUrl?: string) {
  const prepare = scenarios[scenario === 'redis' ? 'broadcast' : scenario];
  if (!prepare) throw new Error(`unknown scenario ${scenario}`);
  const servers = [];
  for (const port of ports) servers.push(await startServer(port, databaseUrl, redisUrl));
  const db = createPrismaClient(databaseUrl, 2);
  const population = await prepare(db, `${scenario}${Date.now().toString(36)}`);

  // Latency of events that carry their commit time; a dashboardStatsChanged (which does not) is timed
  // from the commit of the case event that the same socket received just before it.
  const latencies: number[] = [];
  const statsLatencies: number[] = [];
  let delivered = 0;
  const connectStart = Date.now();
  const clients = population.sockets.map(({ token }, i) =>
    subscriber(`http://127.0.0.1:${ports[i % ports.length]}`, `vc_session=${token}`),
  );
  await Promise.all(clients.map((client) => client.ready));
  population.sockets.forEach(({ queries }, i) => {
    let lastAt = 0;
    for (const query of queries) {
      clients[i]?.subscribe(query, (payload, receivedAt) => {
        delivered++;
        const root = Object.values((payload.data ?? {}) as Record<string, { at?: number }>)[0];
        if (root?.at) {
          lastAt = root.at;
          latencies.push(receivedAt - root.at);
        } else if (lastAt) {
          statsLatencies.push(receivedAt - lastAt);
        }
      });
    }
  });
  const connectMs = Date.now() - connectStart;
  await sleep(1000);

  const driver = new TestClient(`http://127.0.0.1:${ports[0]}`);
  const perform = async (transitions: Population['transitions']) => {
    for (const transition of transitions) {
      const response = await driver.request(
        'POST',
        `/api/cases/${transition.uuid}/accept`,
        { specialistId: transition.specialistId },
        { cookie: `vc_session=${transition.token}` },
      );
      if (response.status !== 200)
        throw new Error(`accept failed: ${response.status} ${JSON.stringify(response.body)}`);
      await sleep(INTERVAL_MS);
    }
  };
  const waitForDeliveries = async (expected: number) => {
    const deadline = Date.now() + 30_000;
    while (delivered < expected && Date.now() < deadline) await sleep(50);
  };
  await perform(population.transitions.slice(0, WARMUP));
  await waitForDeliveries(WARMUP * population.deliveriesPerTransition);
  const lostWarmingUp = Math.max(0, WARMUP * population.deliveriesPerTransition - delivered);
  delivered = 0;
  latencies.length = 0;
  statsLatencies.length = 0;

  const before = servers.map((s) => processStats(s.pid ?? 0));
  const clientBefore = process.cpuUsage();
  const started = Date.now();
  const measured = population.transitions.slice(WARMUP);
  await perform(measured);
  const expected = measured.length * population.deliveriesPerTransition;
  await waitForDeliveries(expected);
  const elapsed = (Date.now() - started) / 1000;
  const after = servers.map((s) => processStats(s.pid ?? 0));
  const clientCpu = process.cpuUsage(clientBefore);

  const summary = (values: number[]) => {
    values.sort((a, b) => a - b);
    return `p50 ${percentile(values, 50)}  p95 ${percentile(values, 95)}  p99 ${percentile(values, 99)}  max ${values.at(-1)}`;
  };
  console.log(
    `\n== ${scenario}: ${population.description}; ${measured.length} case transitions (after ${WARMUP} to warm up), ${ports.length} server process(es), ${values.client} client`,
  );
  console.log(`connect + subscribe all sockets: ${connectMs} ms`);
  console.log(`delivery latency (commit -> client receipt) ms: ${summary(latencies)}`);
  if (statsLatencies.length)
    console.log(`  dashboardStatsChanged (re-read from the database) ms: ${summary(statsLatencies)}`);
  console.log(
    `deliveries: ${delivered} of ${expected} expected; events lost: ${Math.max(0, expected - delivered)} (and ${lostWarmingUp} while warming up)`,
  );
  after.forEach((stats, i) => {
    const cpu = stats.cpuSeconds - (before[i]?.cpuSeconds ?? 0);
    console.log(
      `server ${i + 1}: RSS ${stats.rssMb.toFixed(0)} MB, CPU ${cpu.toFixed(2)} s over ${elapsed.toFixed(1)} s (${((cpu / elapsed) * 100).toFixed(0)}% of one core)`,
    );
  });
  const clientSeconds = (clientCpu.user + clientCpu.system) / 1e6;
  console.log(
    `bench client (all ${clients.length} sockets and the driver, this process): CPU ${clientSeconds.toFixed(2)} s (${((clientSeconds / elapsed) * 100).toFixed(0)}% of one core); machine load average ${loadavg()[0]?.toFixed(1)}`,
  );

  await Promise.all(clients.map((client) => client.close()));
  await db.$disconnect();
  for (const server of servers) server.kill('SIGTERM');
  await sleep(500);
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
    `idle client, requests per hour: polling vet ${vetPerHour}, specialist ${specialistPerHour}; live (socket up): 0 (one WebSocket; WebSocket pings every 12 s each way)`,
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
  for (const [i, scenario] of (values.scenario ?? []).entries()) {
    const port = 4601 + i * 2;
    if (scenario === 'redis') await run(scenario, [port, port + 1], databaseUrl, REDIS_URL);
    else await run(scenario, [port], databaseUrl);
  }
  pollingComparison();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}
