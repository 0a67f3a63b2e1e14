// npm run bench:realtime -- [--subscribers 1000] [--events 100] [--interval 50] [--scenario NAME]...
//                            [--client load|raw|graphql-ws] [--cpu-prof DIR | --alloc-prof DIR] [--heap-snapshot DIR] [--idle 5]
//                            [--server-node-options=--max-semi-space-size=32]  (with "=": the value begins with --)
//
// N WebSocket subscribers connect to the server, all at once (a reconnect storm, as after a deploy); a
// driver then performs M case transitions (specialists accept cases through REST, one every --interval
// ms). It prints:
//   - connect time: from opening the first socket to every socket acknowledged, and to every
//     subscription live on the server (the server's own gauge); each socket's own connect time, client
//     side (p50/p95/p99); sockets that failed to connect; the server's CPU per socket (and its main
//     thread's, the kernel's, the page faults); the CPU of the bench's own sockets and of PostgreSQL
//     meanwhile, against what the machine's cores had (on 2 cores the storm is as fast as all three
//     together allow);
//   - a bystander's requests during the storm: another signed-in user (a veterinarian loading `me` and
//     the case list, one request after another): how many failed, and their latency;
//   - memory per socket: the server's RSS and V8 heap (used, and committed: RSS beyond the committed
//     heap is native memory) after a full collection, before and after the storm, divided by the
//     sockets (--heap-snapshot DIR also writes both heaps, to compare in Chrome DevTools' Memory tab,
//     or with bench/heap-diff.ts);
//   - delivery latency (commit -> client receipt; the event carries its commit time, one machine, one
//     clock), lost events, the accept request's own latency; and the server's own part of it: when it
//     had written the event's last frame (the probe times WebSocket#send in the server), as all the
//     sockets here are read by this one process (1,000 receipts take it ~20 ms; browsers each read one);
//   - server CPU per event: the server's CPU while the transitions run, less what it spends idle with
//     the same sockets over the same time (pings; measured for --idle seconds just before), per event;
//     and the main thread's alone (the process's CPU includes the render thread's, e-mails included);
//   - the server's event loop delay while the transitions run (p99, max).
// The server runs in a child process (bench/server-probe.ts answers it over IPC), so its CPU and RSS
// are its own; the sockets all live in this process (each stands for a browser on its own computer; the
// bench's own CPU is printed: ~4-9 % of one core). Each result line ends with the machine's load
// average (2 cores: above 2, every process waits for CPU, and times grow with it).
// Scenarios (all by default, or each --scenario given):
//   specialists   the web app's own subscriptions from N distinct signed-in users: N - 1 approved
//                 specialists idle on /consults (ConsultsChanged + AvailableCasesChanged) and one
//                 veterinarian's dashboard (DashboardCasesChanged + DashboardStatsChanged); each
//                 transition, a specialist accepts the vet's case assigned to them: 2 recipients (the vet
//                 and that specialist), 4 deliveries, whatever N is
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
//   reports       broadcast again, while the vet downloads consultation reports of reviewed cases one after
//                 another during the transitions (each rendered on demand: ~1 s of CPU), and another user
//                 makes requests: what a report render costs everyone else (not in the default list).
//                 Run it with RENDER_THREADS=0 (renders on the event loop, as before issue 17) to compare.
// Every socket is a file descriptor here and in the server: --subscribers up to 10,000 needs
// `ulimit -n` above that (checked before starting).
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres: a fresh
// database is created and dropped) and, for the redis scenario, Redis (REDIS_URL, default local 6379).
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
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
import { rawClient } from './realtime-client';
import type { ProbeCommand, ProbeStats, ProfileKind, WriteBurst } from './server-probe';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    events: { type: 'string', default: '100' },
    interval: { type: 'string', default: '50' },
    scenario: {
      type: 'string',
      multiple: true,
      default: ['specialists', 'broadcast', 'distinct', 'clinics', 'redis'],
    },
    /**
     * `load` (default): a lean protocol client over `ws`; `raw`: the protocol over a bare TCP socket
     * (bench/realtime-client.ts: the receipt timed where the frame arrives, a few µs a message);
     * `graphql-ws`: the library's Client, ~50 µs a message.
     */
    client: { type: 'string', default: 'load' },
    /**
     * Writes V8 CPU profiles of each server process into this folder (open them in Chrome DevTools):
     * one of the connect storm, one of the measured transitions.
     */
    'cpu-prof': { type: 'string' },
    /**
     * Writes sampling allocation profiles of each server process into this folder instead (every
     * allocation, also what was collected since: the garbage behind the scavenges; Chrome DevTools'
     * Memory tab opens them, bench/profile-summary.ts summarises them).
     */
    'alloc-prof': { type: 'string' },
    /** Writes the server's heap before and after the storm into this folder (.heapsnapshot files). */
    'heap-snapshot': { type: 'string' },
    /** Node options of the server processes, for trials (e.g. "--max-semi-space-size=32"). */
    'server-node-options': { type: 'string' },
    /** Seconds of idle server CPU measured (with every socket open) before the transitions. */
    idle: { type: 'string', default: '5' },
  },
});
const SUBSCRIBERS = Number(values.subscribers);
const EVENTS = Number(values.events);
const INTERVAL_MS = Number(values.interval);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const IDLE_SECONDS = Number(values.idle);
const SERVER = join(import.meta.dirname, '../src/server.ts');
const PROBE = join(import.meta.dirname, 'server-probe.ts');
const CLK_TCK = 100;

/** One subscriber socket, as the chosen client library. */
function subscriber(baseUrl: string, cookie: string): LoadClient {
  if (values.client === 'load') return loadClient(baseUrl, cookie);
  if (values.client === 'raw') return rawClient(baseUrl, cookie);
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

/**
 * For each event (its commit time), when the server wrote its last frame: the bursts of writes that
 * began after that commit and before the next one.
 */
function serverWrites(commitTimes: number[], bursts: WriteBurst[]) {
  const commits = [...commitTimes].sort((a, b) => a - b);
  const lastFrame: number[] = [];
  const frames: number[] = [];
  commits.forEach((at, i) => {
    const until = commits[i + 1] ?? Number.POSITIVE_INFINITY;
    // `at` is whole milliseconds: a burst within its millisecond belongs to it.
    const mine = bursts.filter((burst) => burst.start >= at && burst.start < until);
    if (!mine.length) return;
    lastFrame.push(Math.round((Math.max(...mine.map((burst) => burst.end)) - at) * 10) / 10);
    frames.push(mine.reduce((sum, burst) => sum + burst.frames, 0));
  });
  return { lastFrame: lastFrame.sort((a, b) => a - b), frames: frames.sort((a, b) => a - b) };
}

/** A /proc stat line's fields after the command (field 3 onwards: state, ppid, ...). */
const statFields = (statLine: string) => statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');

/** utime + stime of a /proc stat line (and its reaped children's), seconds. */
function cpuOf(statLine: string, children = false): number {
  const fields = statFields(statLine);
  const own = Number(fields[11]) + Number(fields[12]);
  return (children ? own + Number(fields[13]) + Number(fields[14]) : own) / CLK_TCK;
}

function processStats(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = statFields(stat);
  return {
    rssMb: rssKb / 1024,
    /** Every thread's: the event loop's, V8's (garbage collection, compilation), libuv's, the render pool's. */
    cpuSeconds: cpuOf(stat),
    /** The main thread's alone (its id is the process's): the event loop of every request and socket. */
    mainCpuSeconds: cpuOf(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')),
    /** Every thread's time in the kernel: system calls (socket writes), and page faults as memory grows. */
    systemSeconds: Number(fields[12]) / CLK_TCK,
    /** Page faults served (minor + major): first touches of memory. */
    pageFaults: Number(fields[7]) + Number(fields[9]),
  };
}

/** The garbage collections a probe counted: how many, and the main thread's pauses. */
function gcSummary(gc: ProbeStats['gc'] | undefined): string {
  if (!gc) return 'garbage collections not counted';
  return `garbage collection: ${gc.minor} scavenges (${gc.minorMs.toFixed(0)} ms), ${gc.major} mark-compacts (${gc.majorMs.toFixed(0)} ms of pauses)`;
}

/** Every PostgreSQL process's CPU on this machine (its server is local here), seconds; 0 if not readable. */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // With its reaped children's (cutime + cstime): a backend that ended meanwhile still counts.
      if (stat.includes('(postgres)')) total += cpuOf(stat, true);
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

/** A server child process, and its probe (bench/server-probe.ts) over the IPC channel. */
interface Server {
  child: ChildProcess;
  pid: number;
  probe<T>(request: ProbeCommand): Promise<T>;
  stats(gc?: boolean): Promise<ProbeStats>;
}

async function startServer(port: number, databaseUrl: string, redisUrl?: string): Promise<Server> {
  const nodeOptions = (values['server-node-options'] ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeOptions, '--expose-gc', '--import', 'tsx', '--import', PROBE, SERVER], {
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
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  child.on('message', (message: { id: number; result: unknown }) => {
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const probe = <T>(request: ProbeCommand) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve as (result: unknown) => void);
      child.send({ ...request, id });
    });
  const server: Server = {
    child,
    pid: child.pid ?? 0,
    probe,
    stats: (gc = false) => probe<ProbeStats>({ type: 'stats', gc }),
  };
  // Up to 60 s: on a busy machine (other work beside the bench) tsx compiling the server took over 20 s.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server on ${port} did not start`);
}

async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Each socket is a file descriptor (in this process, and in the server's): refuse early, not mid-storm. */
function checkFileDescriptors(sockets: number) {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const soft = Number(limits.match(/Max open files\s+(\d+|unlimited)/)?.[1] ?? Number.POSITIVE_INFINITY);
  const needed = sockets + 200;
  if (soft < needed) {
    throw new Error(
      `--subscribers ${sockets} needs about ${needed} open files per process; the limit is ${soft}: raise it first (ulimit -n ${needed})`,
    );
  }
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
  /** Reviewed cases whose reports a reader (a session token of their vet) downloads during the transitions. */
  reports?: { token: string; uuids: string[] };
}

const CASES_CHANGED = 'subscription { myCasesChanged { uuid status kind at } }';
const AVAILABLE_CHANGED = 'subscription { availableCasesChanged { uuid status kind at } }';
const STATS_CHANGED = 'subscription { dashboardStatsChanged { activeCount pendingCount completedThisWeek } }';

// The web app's own operations (web/src/features/consults/api/*-changed.ts and dashboard/api/*-changed.ts),
// each with `at` added to its selection so that latency can be measured (one more scalar of the event).
const WEB = {
  consultsChanged: 'subscription ConsultsChanged { myCasesChanged { uuid status kind at } }',
  availableCasesChanged: 'subscription AvailableCasesChanged { availableCasesChanged { uuid status kind at } }',
  dashboardCasesChanged: 'subscription DashboardCasesChanged { myCasesChanged { uuid status kind at } }',
  dashboardStatsChanged:
    'subscription DashboardStatsChanged { dashboardStatsChanged { activeCount completedThisWeek pendingCount } }',
};

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
    vetId: vet.id,
    specialistId: specialist.id,
    sockets: tokens.map((token) => ({ token, queries: [CASES_CHANGED] })),
    transitions: cases.map((kase) => ({ uuid: kase.uuid, specialistId: specialist.id, token: driverToken })),
    deliveriesPerTransition: SUBSCRIBERS,
  };
}

/** Reviewed cases of the vet, each with a summary of two pages' worth (a report not rendered yet). */
async function reviewedCases(db: Db, vetId: number, specialistId: number, count: number): Promise<string[]> {
  const summary = Array.from(
    { length: 45 },
    (_, i) =>
      `Paragraph ${i + 1}: the echocardiogram shows mild left atrial enlargement; continue pimobendan — recheck in ${i + 2} weeks.`,
  ).join('\n\n');
  const uuids: string[] = [];
  for (let i = 0; i < count; i++) {
    const kase = await db.case.create({
      data: {
        vetId,
        specialistId,
        status: 'reviewed',
        isPaid: true,
        specialty: 'Cardiology',
        patientName: `Reviewed ${i}`,
        termsAccepted: true,
        summary,
        acceptedAt: new Date(),
        reviewedAt: new Date(),
      },
    });
    uuids.push(kase.uuid);
  }
  return uuids;
}

const scenarios: Record<string, (db: Db, tag: string) => Promise<Population>> = {
  async specialists(db, tag) {
    const [vet] = await createUsers(db, tag, 'VETERINARIAN', 1);
    if (!vet) throw new Error('no users');
    const specialists = await createUsers(db, tag, 'SPECIALIST', Math.max(1, SUBSCRIBERS - 1));
    const specialistIds = specialists.map((specialist) => specialist.id);
    const cases = await createPendingCases(db, [vet.id], specialistIds);
    const [vetToken = ''] = await createSessions(db, [vet.id]);
    const specialistTokens = await createSessions(db, specialistIds);
    const tokenOf = new Map(specialistIds.map((id, i) => [id, specialistTokens[i] as string]));
    return {
      description: `${specialists.length} distinct approved specialists idle on /consults (ConsultsChanged + AvailableCasesChanged) and one veterinarian's dashboard (DashboardCasesChanged + DashboardStatsChanged); each accept reaches 2 users`,
      sockets: [
        { token: vetToken, queries: [WEB.dashboardCasesChanged, WEB.dashboardStatsChanged] },
        ...specialistTokens.map((token) => ({ token, queries: [WEB.consultsChanged, WEB.availableCasesChanged] })),
      ],
      // Each specialist accepts the case assigned to them, with their own session.
      transitions: cases.map((kase) => ({
        uuid: kase.uuid,
        specialistId: kase.specialistId as number,
        token: tokenOf.get(kase.specialistId as number) as string,
      })),
      // The vet's case and stats, the specialist's case and its leaving Available Cases.
      deliveriesPerTransition: 4,
    };
  },
  broadcast: (db, tag) =>
    broadcastTo(db, tag, `${SUBSCRIBERS} sessions of one veterinarian on myCasesChanged`, async (vetId) =>
      Array(SUBSCRIBERS).fill(vetId),
    ),
  async reports(db, tag) {
    const population = await broadcastTo(
      db,
      tag,
      `${SUBSCRIBERS} sessions of one veterinarian on myCasesChanged, the vet downloading reports meanwhile`,
      async (vetId) => Array(SUBSCRIBERS).fill(vetId),
    );
    const [token = ''] = await createSessions(db, [population.vetId]);
    return {
      ...population,
      reports: { token, uuids: await reviewedCases(db, population.vetId, population.specialistId, 150) },
    };
  },
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

const summary = (values: number[], unit = '') => {
  values.sort((a, b) => a - b);
  return `p50 ${percentile(values, 50)}${unit}  p95 ${percentile(values, 95)}${unit}  p99 ${percentile(values, 99)}${unit}  max ${values.at(-1)}${unit}`;
};
/** The machine's 1, 5 and 15 minute load averages (2 cores here: above 2, the bench waits for CPU). */
const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kbPer = (bytes: number, count: number) => `${(bytes / 1024 / Math.max(1, count)).toFixed(1)} KB`;

/**
 * Another signed-in user working while the storm goes on: `me`, then the first page of their cases,
 * one request after the other until stopped. A request fails on a non-200, a network error or 10 s.
 */
function bystander(baseUrl: string, token: string) {
  const latencies: number[] = [];
  const failures: string[] = [];
  let running = true;
  const requests = [
    () =>
      fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `vc_session=${token}` },
        body: JSON.stringify({ query: '{ me { id role } }' }),
        signal: AbortSignal.timeout(10_000),
      }),
    () =>
      fetch(`${baseUrl}/api/cases`, {
        headers: { cookie: `vc_session=${token}` },
        signal: AbortSignal.timeout(10_000),
      }),
  ];
  const done = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      try {
        const response = await requests[i % requests.length]?.();
        const body = await response?.text();
        if (response?.status !== 200 || body?.includes('"errors"'))
          failures.push(`${response?.status} ${body?.slice(0, 120)}`);
      } catch (error) {
        failures.push((error as Error).message);
      }
      latencies.push(Math.round(performance.now() - started));
      await sleep(20);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { latencies, failures };
    },
  };
}

/** One report download (rendered on demand when not stored yet); a failure is described, not thrown. */
async function downloadReport(baseUrl: string, token: string, uuid: string): Promise<string | null> {
  try {
    const response = await fetch(`${baseUrl}/api/cases/${uuid}/report.pdf`, {
      headers: { cookie: `vc_session=${token}` },
      signal: AbortSignal.timeout(30_000),
    });
    const body = Buffer.from(await response.arrayBuffer());
    return response.status === 200 && body.subarray(0, 5).toString() === '%PDF-'
      ? null
      : `${response.status} ${body.subarray(0, 120).toString()}`;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Downloads the reports one after another until stopped (each is rendered on demand: none is stored yet). */
function reportReader(baseUrl: string, token: string, uuids: string[]) {
  const latencies: number[] = [];
  const failures: string[] = [];
  let running = true;
  const done = (async () => {
    for (const uuid of uuids) {
      if (!running) break;
      const started = performance.now();
      const failure = await downloadReport(baseUrl, token, uuid);
      if (failure) failures.push(failure);
      latencies.push(Math.round(performance.now() - started));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { latencies, failures };
    },
  };
}

async function run(scenario: string, ports: number[], databaseUrl: string, redisUrl?: string) {
  const prepare = scenarios[scenario === 'redis' ? 'broadcast' : scenario];
  if (!prepare) throw new Error(`unknown scenario ${scenario}`);
  const servers: Server[] = [];
  for (const port of ports) servers.push(await startServer(port, databaseUrl, redisUrl));
  const db = createPrismaClient(databaseUrl, 2);
  const tag = `${scenario}${Date.now().toString(36)}`;
  const population = await prepare(db, tag);
  const [bystanderVet] = await createUsers(db, `${tag}b`, 'VETERINARIAN', 1);
  const [bystanderToken = ''] = await createSessions(db, [bystanderVet?.id ?? 0]);
  const subscriptionsTotal = population.sockets.reduce((sum, socket) => sum + socket.queries.length, 0);
  // The server warm (its code compiled, its pools open) before anything is measured.
  const warm = bystander(`http://127.0.0.1:${ports[0]}`, bystanderToken);
  await sleep(1000);
  await warm.stop();

  const memoryBefore = await Promise.all(servers.map((server) => server.stats(true)));
  const snapshots = values['heap-snapshot'];
  if (snapshots) {
    await mkdir(snapshots, { recursive: true });
    for (const [i, server] of servers.entries())
      await server.probe({ type: 'snapshot', path: join(snapshots, `${scenario}-${i + 1}-before.heapsnapshot`) });
  }

  // Latency of events that carry their commit time; a dashboardStatsChanged (which does not) is timed
  // from the commit of the case event that the same socket received just before it.
  const latencies: number[] = [];
  const statsLatencies: number[] = [];
  /** The commit times of the events received (each names its event). */
  const commits = new Set<number>();
  let delivered = 0;
  // One kind of profile at a time (the allocation profiler's sampling would show in the CPU profile).
  const profiling: { kind: ProfileKind; folder: string; extension: string } | undefined = values['cpu-prof']
    ? { kind: 'cpu', folder: values['cpu-prof'], extension: 'cpuprofile' }
    : values['alloc-prof']
      ? { kind: 'allocations', folder: values['alloc-prof'], extension: 'heapprofile' }
      : undefined;
  if (profiling) await mkdir(profiling.folder, { recursive: true });
  const profileStart = () =>
    profiling
      ? Promise.all(servers.map((server) => server.probe({ type: 'profile-start', kind: profiling.kind })))
      : undefined;
  const profileStop = (phase: string) =>
    profiling
      ? Promise.all(
          servers.map((server, i) =>
            server.probe({
              type: 'profile-stop',
              kind: profiling.kind,
              path: join(profiling.folder, `${scenario}-${i + 1}-${phase}.${profiling.extension}`),
            }),
          ),
        )
      : undefined;
  await Promise.all(servers.map((server) => server.probe({ type: 'loop-reset' })));
  await profileStart();
  const storm = bystander(`http://127.0.0.1:${ports[0]}`, bystanderToken);
  const cpuBeforeStorm = servers.map((server) => processStats(server.pid));
  const clientBeforeStorm = process.cpuUsage();
  const postgresBeforeStorm = postgresCpuSeconds();
  const connectStart = performance.now();
  const clients = population.sockets.map(({ token }, i) =>
    subscriber(`http://127.0.0.1:${ports[i % ports.length]}`, `vc_session=${token}`),
  );
  // Each socket subscribes as soon as it is acknowledged, as graphql-ws's client does.
  const connectTimes: number[] = [];
  const connected = await Promise.allSettled(
    clients.map(async (client, i) => {
      await client.ready;
      connectTimes.push(Math.round(performance.now() - connectStart));
      let lastAt = 0;
      for (const query of population.sockets[i]?.queries ?? []) {
        client.subscribe(query, (payload, receivedAt) => {
          delivered++;
          const root = Object.values((payload.data ?? {}) as Record<string, { at?: number }>)[0];
          if (root?.at) {
            lastAt = root.at;
            commits.add(root.at);
            latencies.push(receivedAt - root.at);
          } else if (lastAt) {
            statsLatencies.push(receivedAt - lastAt);
          }
        });
      }
    }),
  );
  const ackedMs = performance.now() - connectStart;
  const failedSockets = connected.filter((outcome) => outcome.status === 'rejected');
  const expectedSubscriptions = population.sockets.reduce(
    (sum, socket, i) => sum + (connected[i]?.status === 'fulfilled' ? socket.queries.length : 0),
    0,
  );
  let live = 0;
  const liveDeadline = Date.now() + 60_000;
  while (Date.now() < liveDeadline) {
    live = (await Promise.all(servers.map((server) => server.stats()))).reduce((sum, s) => sum + s.subscribers, 0);
    if (live >= expectedSubscriptions) break;
    await sleep(20);
  }
  const liveMs = performance.now() - connectStart;
  const loadAfterStorm = loadNow();
  const afterStorm = servers.map((server) => processStats(server.pid));
  const stormServer = afterStorm.map((after, i) => {
    const before = cpuBeforeStorm[i] as ReturnType<typeof processStats>;
    return {
      cpu: after.cpuSeconds - before.cpuSeconds,
      mainCpu: after.mainCpuSeconds - before.mainCpuSeconds,
      kernel: after.systemSeconds - before.systemSeconds,
      faults: after.pageFaults - before.pageFaults,
    };
  });
  const stormClientCpu = process.cpuUsage(clientBeforeStorm);
  const stormPostgresCpu = postgresCpuSeconds() - postgresBeforeStorm;
  const stormLoop = await Promise.all(servers.map((server) => server.stats()));
  const bystanderDuringStorm = await storm.stop();
  await profileStop('storm');

  const memoryAfter = await Promise.all(servers.map((server) => server.stats(true)));
  const loadAtMemory = loadNow();
  const rssAfter = servers.map((server) => processStats(server.pid).rssMb);
  if (snapshots) {
    for (const [i, server] of servers.entries())
      await server.probe({ type: 'snapshot', path: join(snapshots, `${scenario}-${i + 1}-after.heapsnapshot`) });
  }

  // What the server spends with every socket open and nothing happening (pings), to subtract below.
  const idleBefore = servers.map((server) => processStats(server.pid).cpuSeconds);
  const idleStarted = performance.now();
  await sleep(IDLE_SECONDS * 1000);
  const idleSeconds = (performance.now() - idleStarted) / 1000;
  const idleCpuRate = servers.map(
    (server, i) => (processStats(server.pid).cpuSeconds - (idleBefore[i] ?? 0)) / idleSeconds,
  );
  // The same sockets once the storm's garbage is behind (V8 gives back what it grew for the storm over
  // time): what an idle socket costs, rather than what the storm left committed.
  const memorySettled = await Promise.all(servers.map((server) => server.stats(true)));

  const driver = new TestClient(`http://127.0.0.1:${ports[0]}`);
  const acceptLatencies: number[] = [];
  const perform = async (transitions: Population['transitions']) => {
    for (const transition of transitions) {
      const started = performance.now();
      const response = await driver.request(
        'POST',
        `/api/cases/${transition.uuid}/accept`,
        { specialistId: transition.specialistId },
        { cookie: `vc_session=${transition.token}` },
      );
      acceptLatencies.push(Math.round(performance.now() - started));
      if (response.status !== 200)
        throw new Error(`accept failed: ${response.status} ${JSON.stringify(response.body)}`);
      await sleep(INTERVAL_MS);
    }
  };
  const waitForDeliveries = async (expected: number) => {
    const deadline = Date.now() + 30_000;
    while (delivered < expected && Date.now() < deadline) await sleep(50);
  };
  // The render thread started and its modules loaded (the first render pays for them), as in a server
  // that has rendered before.
  if (population.reports) {
    const [first, ...rest] = population.reports.uuids;
    const failure = first
      ? await downloadReport(`http://127.0.0.1:${ports[0]}`, population.reports.token, first)
      : null;
    if (failure) throw new Error(`report download failed: ${failure}`);
    population.reports.uuids = rest;
  }
  await perform(population.transitions.slice(0, WARMUP));
  await waitForDeliveries(WARMUP * population.deliveriesPerTransition);
  // What the warm-up set going in the background (its notification jobs, the render thread's start and
  // first e-mails: ~1.5 s of CPU) finishes before anything is measured: until each server's CPU is back
  // near its idle rate (at most 15 s).
  for (const settleUntil = Date.now() + 15_000; Date.now() < settleUntil; ) {
    const from = servers.map((server) => processStats(server.pid).cpuSeconds);
    await sleep(300);
    const busy = servers.some(
      (server, i) => (processStats(server.pid).cpuSeconds - (from[i] ?? 0)) / 0.3 > (idleCpuRate[i] ?? 0) + 0.05,
    );
    if (!busy) break;
  }
  const lostWarmingUp = Math.max(0, WARMUP * population.deliveriesPerTransition - delivered);
  delivered = 0;
  latencies.length = 0;
  statsLatencies.length = 0;
  acceptLatencies.length = 0;
  commits.clear();
  await Promise.all(servers.map((server) => server.probe({ type: 'writes' })));

  await Promise.all(servers.map((server) => server.probe({ type: 'loop-reset' })));
  const before = servers.map((s) => processStats(s.pid));
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  await profileStart();
  // The reports scenario: the vet downloads reports, and another user makes requests, while events run.
  const reader = population.reports
    ? reportReader(`http://127.0.0.1:${ports[0]}`, population.reports.token, population.reports.uuids)
    : undefined;
  const requestsDuringEvents = population.reports
    ? bystander(`http://127.0.0.1:${ports[0]}`, bystanderToken)
    : undefined;
  const measured = population.transitions.slice(WARMUP);
  await perform(measured);
  const expected = measured.length * population.deliveriesPerTransition;
  await waitForDeliveries(expected);
  const elapsed = (performance.now() - started) / 1000;
  const after = servers.map((s) => processStats(s.pid));
  const eventsLoop = await Promise.all(servers.map((server) => server.stats()));
  const reportsRead = await reader?.stop();
  const othersDuringEvents = await requestsDuringEvents?.stop();
  await profileStop('events');
  const clientCpu = process.cpuUsage(clientBefore);
  const written = serverWrites(
    [...commits],
    (await Promise.all(servers.map((server) => server.probe<WriteBurst[]>({ type: 'writes' })))).flat(),
  );
  const loadAtEvents = loadNow();

  const sockets = clients.length;
  console.log(
    `\n== ${scenario}: ${population.description}; ${sockets} sockets, ${subscriptionsTotal} subscriptions; ${measured.length} case transitions (after ${WARMUP} to warm up), ${ports.length} server process(es), ${values.client} client`,
  );
  console.log(
    `connect storm (${sockets} sockets opened at once): all acknowledged in ${ackedMs.toFixed(0)} ms, ${live} of ${expectedSubscriptions} subscriptions live in ${liveMs.toFixed(0)} ms; sockets failed: ${failedSockets.length}${failedSockets.length ? ` (${String((failedSockets[0] as PromiseRejectedResult).reason)})` : ''}; load average ${loadAfterStorm}`,
  );
  console.log(`  each socket, client side (opened -> acknowledged) ms: ${summary(connectTimes)}`);
  stormServer.forEach((server, i) => {
    console.log(
      `  server ${i + 1} during the storm: CPU ${server.cpu.toFixed(2)} s (${((server.cpu / sockets) * 1e6 * ports.length).toFixed(0)} µs per socket; the main thread ${server.mainCpu.toFixed(2)} s, the kernel ${server.kernel.toFixed(2)} s, ${server.faults} page faults), event loop delay p99 ${stormLoop[i]?.loopDelayP99.toFixed(0)} ms, max ${stormLoop[i]?.loopDelayMax.toFixed(0)} ms; ${gcSummary(stormLoop[i]?.gc)}`,
    );
  });
  // The storm is as fast as the machine's two cores allow everyone on it: the server, the bench's own
  // sockets (browsers on their own computers in production) and PostgreSQL.
  const stormClientSeconds = (stormClientCpu.user + stormClientCpu.system) / 1e6;
  const usedSeconds = stormServer.reduce((sum, server) => sum + server.cpu, 0) + stormClientSeconds + stormPostgresCpu;
  console.log(
    `  the machine meanwhile: this process (every client socket) CPU ${stormClientSeconds.toFixed(2)} s, PostgreSQL ${stormPostgresCpu.toFixed(2)} s; with the server(s), ${usedSeconds.toFixed(1)} s of the ${((availableParallelism() * liveMs) / 1000).toFixed(1)} s its ${availableParallelism()} cores had`,
  );
  console.log(
    `  another user's requests meanwhile (me / case list, one after another): ${bystanderDuringStorm.latencies.length} made, ${bystanderDuringStorm.failures.length} failed${bystanderDuringStorm.failures.length ? ` (${bystanderDuringStorm.failures[0]})` : ''}; latency ms ${summary(bystanderDuringStorm.latencies)}`,
  );
  servers.forEach((_, i) => {
    const start = memoryBefore[i];
    const end = memoryAfter[i];
    if (!start || !end) return;
    const perServer = sockets / ports.length;
    console.log(
      `memory, server ${i + 1} (after a full GC): RSS ${mb(start.rss)} -> ${mb(end.rss)} = ${kbPer(end.rss - start.rss, perServer)} per socket; V8 heap ${mb(start.heapUsed)} -> ${mb(end.heapUsed)} = ${kbPer(end.heapUsed - start.heapUsed, perServer)} per socket (committed ${mb(start.heapTotal)} -> ${mb(end.heapTotal)}: ${kbPer(end.heapTotal - start.heapTotal, perServer)}; RSS beyond it ${kbPer(end.rss - end.heapTotal - (start.rss - start.heapTotal), perServer)}); external + buffers ${kbPer(end.external + end.arrayBuffers - start.external - start.arrayBuffers, perServer)} per socket (RSS without a GC: ${rssAfter[i]?.toFixed(0)} MB); load average ${loadAtMemory}`,
    );
  });
  servers.forEach((_, i) => {
    const start = memoryBefore[i];
    const end = memorySettled[i];
    if (!start || !end) return;
    const perServer = sockets / ports.length;
    console.log(
      `  ${idleSeconds.toFixed(0)} s later, idle (after a full GC): RSS ${mb(start.rss)} -> ${mb(end.rss)} = ${kbPer(end.rss - start.rss, perServer)} per socket; V8 heap ${kbPer(end.heapUsed - start.heapUsed, perServer)} used, ${kbPer(end.heapTotal - start.heapTotal, perServer)} committed per socket`,
    );
  });
  console.log(`delivery latency (commit -> client receipt) ms: ${summary(latencies)}; load average ${loadAtEvents}`);
  if (statsLatencies.length)
    console.log(`  dashboardStatsChanged (re-read from the database) ms: ${summary(statsLatencies)}`);
  console.log(
    `  the server's part: the event's last frame written (commit -> the server's last WebSocket#send for it) ms: ${summary(written.lastFrame)}; frames per event ${summary(written.frames)}`,
  );
  console.log(`the accept request (REST, commit and publish included) ms: ${summary(acceptLatencies)}`);
  eventsLoop.forEach((loop, i) => {
    console.log(
      `server ${i + 1}'s event loop delay during the transitions: p99 ${loop.loopDelayP99.toFixed(0)} ms, max ${loop.loopDelayMax.toFixed(0)} ms (RENDER_THREADS=${process.env.RENDER_THREADS ?? 'default'}); ${gcSummary(loop.gc)}`,
    );
  });
  if (reportsRead)
    console.log(
      `  reports downloaded meanwhile (each rendered on demand): ${reportsRead.latencies.length}, ${reportsRead.failures.length} failed${reportsRead.failures.length ? ` (${reportsRead.failures[0]})` : ''}; latency ms ${summary(reportsRead.latencies)}`,
    );
  if (othersDuringEvents)
    console.log(
      `  another user's requests meanwhile (me / case list, one after another): ${othersDuringEvents.latencies.length} made, ${othersDuringEvents.failures.length} failed; latency ms ${summary(othersDuringEvents.latencies)}`,
    );
  console.log(
    `deliveries: ${delivered} of ${expected} expected; events lost: ${Math.max(0, expected - delivered)} (and ${lostWarmingUp} while warming up)`,
  );
  after.forEach((stats, i) => {
    const cpu = stats.cpuSeconds - (before[i]?.cpuSeconds ?? 0);
    const mainCpu = stats.mainCpuSeconds - (before[i]?.mainCpuSeconds ?? 0);
    const idle = (idleCpuRate[i] ?? 0) * elapsed;
    console.log(
      `server ${i + 1}: CPU ${cpu.toFixed(2)} s over ${elapsed.toFixed(1)} s (${((cpu / elapsed) * 100).toFixed(0)}% of one core); idle with these sockets ${((idleCpuRate[i] ?? 0) * 100).toFixed(1)}% of one core; per event ${((cpu / measured.length) * 1000).toFixed(1)} ms, ${(((cpu - idle) / measured.length) * 1000).toFixed(1)} ms beyond idle, of which the main thread ${((mainCpu / measured.length) * 1000).toFixed(1)} ms (its whole CPU, idle included); load average ${loadAtEvents}`,
    );
  });
  const clientSeconds = (clientCpu.user + clientCpu.system) / 1e6;
  console.log(
    `bench client (all ${clients.length} sockets and the driver, this process): CPU ${clientSeconds.toFixed(2)} s (${((clientSeconds / elapsed) * 100).toFixed(0)}% of one core); machine load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );

  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await db.$disconnect();
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(
    servers.map((server) =>
      server.child.exitCode === null ? new Promise((resolve) => server.child.once('exit', resolve)) : undefined,
    ),
  );
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
  checkFileDescriptors(SUBSCRIBERS);
  await applyMigrations(databaseUrl);
  for (const scenario of values.scenario ?? []) {
    if (scenario === 'redis') await run(scenario, await freePorts(2), databaseUrl, REDIS_URL);
    else await run(scenario, await freePorts(1), databaseUrl);
  }
  pollingComparison();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}
