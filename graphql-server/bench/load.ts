// npm run bench:load -- [--cases 10000] [--duration 10] [--rounds 3] [--connections 20] [--profile <dir>]
//   [--only graphql|rest] [--baseline <checkout>] [--lookups 2000]
//
// The consult list under load: GraphQL myCases and REST GET /api/cases (first page, 100 cases with vet,
// specialist and files) for a veterinarian, over a fresh PostgreSQL database seeded with N cases
// (createMany). autocannon, in this process, drives the real server (buildApp, production mode), which
// runs in a child process of its own (bench/load-server.ts, started with node --import tsx), exactly as
// PostGraphile does: neither server shares its event loop with the load generator (before, ours ran in
// this process beside autocannon, and PostGraphile had a core of its own). Prints req/s, latency p50/p99
// and SQL statements per request (the session lookup included), and each server's CPU time per request
// (its process's user + system time from /proc over the round, divided by the requests answered: on this
// shared 2-core machine a steadier comparison than req/s, which other processes' load moves).
// In the same run, over the same database, the same page through PostGraphile 4 (allCases(first: 100)
// with the vet, the specialist and the files), measured the same way, and the ratios to ours. PostGraphile
// runs as the database owner, no auth, raw columns, its own pool of 10 like ours. REST answers the
// OpenAPI contract's whole case object (every column, declines, file details: ~3x the page's bytes), so
// PostGraphile is also measured answering that much for the same rows ("REST's content"). In both children the
// statements are counted the same way (pg.Client.prototype.query wrapped in that process: ours by
// load-server.ts, PostGraphile's by a module loaded with --import) and read over the IPC channel.
// PostGraphile 4.14.1 is a separate, non-workspace install in bench/postgraphile (it needs graphql 15, we
// use 16; v5 needs Node 22): when missing it is installed with npm ci --prefix; if that fails (offline),
// the comparison is skipped with its reason and our own numbers are still printed.
// --profile <dir>: our server runs with node --cpu-prof --cpu-prof-dir <dir> (a .cpuprofile when it
// exits; bench/profile-summary.ts summarises it). --only graphql (or rest): measure that door of ours
// alone, without PostGraphile (for a profile of one door).
// Every door is warmed up first (its SQL statements per request are counted then), then measured
// round-robin: --rounds times --duration seconds each, one door after the other, and the table gives the
// median of its rounds: the machine's load (other processes) changes between runs, and falls on every
// door alike. --baseline <checkout>: also starts the server of another checkout (a copy of main, say,
// with its generated client and this load-server.ts) over the same database, measured in the same
// rounds: a before/after side by side in one run.
// Before the doors, the session look-up that every request of both doors makes is timed alone in this
// process: CPU per look-up of one token and per token of a storm's batch of 500, read by Prisma and by
// the statement Prisma compiled for it run on the pool (domain/auth/session-read.ts), in alternating
// blocks (--lookups 0 skips it).
// Needs PostgreSQL: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres); a
// fresh database is created and dropped.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { createAuthService } from '../src/domain/auth/auth.service';
import { createDbClients, createPrismaClient } from '../src/lib/db/client';
import { applyMigrations } from '../src/lib/db/migrate';
import { createEventBus } from '../src/lib/events';
import { createLogger } from '../src/lib/logger';
import { hashToken, newToken } from '../src/lib/tokens';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    profile: { type: 'string' },
    only: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    baseline: { type: 'string' },
    lookups: { type: 'string', default: '2000' },
  },
});
const CASES = Number(values.cases);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);
const LOOKUPS = Number(values.lookups);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function seed(databaseUrl: string) {
  const db = createPrismaClient(databaseUrl, 4);
  const passwordHash = 'bench-no-login';
  await db.user.createMany({
    data: [
      ...Array.from({ length: 20 }, (_, i) => ({
        username: `bench_vet_${i}`,
        email: `bench_vet_${i}@bench.example`,
        name: `Bench Vet ${i}`,
        role: 'VETERINARIAN' as const,
        approved: true,
        clinicName: 'Bench Clinic',
        clinicAddress: '120 King St W, Toronto, ON M5H 1J9',
        passwordHash,
      })),
      ...Array.from({ length: 10 }, (_, i) => ({
        username: `bench_spec_${i}`,
        email: `bench_spec_${i}@bench.example`,
        name: `Bench Specialist ${i}`,
        role: 'SPECIALIST' as const,
        specialty: 'Cardiology',
        approved: true,
        passwordHash,
      })),
    ],
  });
  const vets = await db.user.findMany({ where: { role: 'VETERINARIAN' }, orderBy: { id: 'asc' } });
  const specialists = await db.user.findMany({ where: { role: 'SPECIALIST' }, orderBy: { id: 'asc' } });
  const statuses = ['pending', 'accepted', 'reviewed'] as const;
  for (let start = 0; start < CASES; start += 2000) {
    const count = Math.min(2000, CASES - start);
    await db.case.createMany({
      data: Array.from({ length: count }, (_, k) => {
        const i = start + k;
        return {
          // Half of all cases belong to the first veterinarian: the list reads a page of a big set.
          vetId: (i % 2 === 0 ? vets[0] : vets[1 + (i % (vets.length - 1))])?.id ?? 0,
          specialistId: specialists[i % specialists.length]?.id ?? null,
          status: statuses[i % statuses.length] ?? 'pending',
          isPaid: true,
          specialty: 'Cardiology',
          species: 'Canine',
          patientName: `Patient ${i}`,
          familyLastName: `Family ${i % 500}`,
          clinicalSigns: 'Intermittent cough for three weeks.',
          termsAccepted: true,
          createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
        };
      }),
    });
  }
  const firstCases = await db.case.findMany({ where: { vetId: vets[0]?.id }, select: { id: true, uuid: true } });
  await db.caseFile.createMany({
    data: firstCases.map((c) => ({
      caseId: c.id,
      filename: 'xray.png',
      fileType: 'image/png',
      fileSize: 1000,
      s3Key: `cases/${c.uuid}/input/xray.png`,
    })),
  });
  const token = newToken();
  await db.session.create({
    data: { tokenHash: hashToken(token), userId: vets[0]?.id ?? 0, expiresAt: new Date(Date.now() + 3600_000) },
  });
  // The planner's statistics, as autovacuum gathers them about a minute after a bulk insert: without them
  // it guessed 12 cases for the veterinarian and joined the vet, specialist and files of all 5,000 before
  // sorting, until autovacuum ran in the middle of a run (the early rounds of every door were the slow ones).
  await db.$executeRawUnsafe('ANALYZE');
  const total = await db.case.count();
  const mine = firstCases.length;
  await db.$disconnect();
  return { cookie: `vc_session=${token}`, total, mine, vetId: vets[0]?.id ?? 0 };
}

/**
 * The session look-up alone (issue 17): the CPU of this process per look-up, through Prisma and through
 * the compiled statement on the pool (named statements, as the server on PostgreSQL), LOOKUPS look-ups
 * of one token and LOOKUPS tokens in batches of 500 (a storm's), each way in 5 alternating blocks; the
 * median block. The database's own CPU is not in it.
 */
async function timeSessionLookups(databaseUrl: string, vetId: number) {
  const { db, reader } = createDbClients(databaseUrl, 2, { namedStatements: true });
  try {
    const tokens = Array.from({ length: 500 }, () => newToken());
    await db.session.createMany({
      data: tokens.map((token) => ({
        tokenHash: hashToken(token),
        userId: vetId,
        expiresAt: new Date(Date.now() + 3600_000),
      })),
    });
    const deps = { db, logger: createLogger('silent'), events: createEventBus() };
    const ways = { Prisma: createAuthService(deps), compiled: createAuthService({ ...deps, reader }) };
    const one = tokens[0] ?? '';
    const single = async (auth: (typeof ways)[keyof typeof ways], n: number) => {
      for (let i = 0; i < n; i++) await auth.actorFromSession(one);
    };
    const batches = async (auth: (typeof ways)[keyof typeof ways], n: number) => {
      for (let i = 0; i < n; i += tokens.length) await auth.actorsFromSessions(tokens);
    };
    // Warm-up (the compilation of each shape, the pool, the JIT); both ways must answer alike.
    for (const auth of Object.values(ways)) {
      await single(auth, 200);
      await batches(auth, 1000);
    }
    const [byPrisma, byCompiled] = [
      await ways.Prisma.actorsFromSessions(tokens),
      await ways.compiled.actorsFromSessions(tokens),
    ];
    if (JSON.stringify([...byPrisma]) !== JSON.stringify([...byCompiled]) || !byCompiled.get(one)) {
      throw new Error('the two session look-ups answer differently');
    }
    const cpuMicros = async (work: () => Promise<void>) => {
      const before = process.cpuUsage();
      await work();
      const used = process.cpuUsage(before);
      return used.user + used.system;
    };
    const blocks = {
      single: { Prisma: [] as number[], compiled: [] as number[] },
      batch: { Prisma: [] as number[], compiled: [] as number[] },
    };
    for (let block = 0; block < 5; block++) {
      for (const [name, auth] of Object.entries(ways) as [keyof typeof ways, (typeof ways)[keyof typeof ways]][]) {
        blocks.single[name].push((await cpuMicros(() => single(auth, LOOKUPS))) / LOOKUPS);
        blocks.batch[name].push((await cpuMicros(() => batches(auth, LOOKUPS))) / LOOKUPS);
      }
    }
    const line = (label: string, times: { Prisma: number[]; compiled: number[] }) => {
      const [prisma, compiled] = [median(times.Prisma), median(times.compiled)];
      console.log(
        `  ${label}: Prisma ${prisma.toFixed(1)} µs, compiled statement ${compiled.toFixed(1)} µs (${(prisma / compiled).toFixed(2)}x less CPU; blocks ${times.Prisma.map((t) => t.toFixed(0)).join(' ')} / ${times.compiled.map((t) => t.toFixed(0)).join(' ')})`,
      );
    };
    console.log(
      `\nthe session look-up alone, CPU of this process per token (${LOOKUPS} a block, median of 5; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}):`,
    );
    line('one token (every request)', blocks.single);
    line(`a batch of ${tokens.length} (a socket storm)`, blocks.batch);
    await db.session.deleteMany({ where: { tokenHash: { in: tokens.map(hashToken) } } });
  } finally {
    await db.$disconnect();
  }
}

const MY_CASES = JSON.stringify({
  operationName: 'MyConsults',
  query:
    'query MyConsults { myCases(first: 100) { uuid label title status statusLabel createdAt vet { name clinicName } specialist { name } files { filename fileType url } } }',
});

// The same page through PostGraphile: the veterinarian's first 100 cases, newest first, with the vet's
// name and clinic, the specialist's name and the files. PostGraphile returns raw columns: where ours
// computes label, title, statusLabel and the file url, this selects the columns they are computed from.
// Ours also leaves drafts out (status <> 'draft'); stock PostGraphile conditions are equalities only,
// and the seed has no drafts, so both read the same rows.
const postGraphileCases = (vetId: number) =>
  JSON.stringify({
    query: `query AllCases($vetId: Int!) {
  allCases(first: 100, condition: { vetId: $vetId }, orderBy: [CREATED_AT_DESC, ID_DESC]) {
    nodes {
      uuid status createdAt patientName familyLastName specialty originalCaseId revisitNumber baseUuid revisionNumber
      userByVetId { name clinicName }
      userBySpecialistId { name }
      caseFilesByCaseId(orderBy: [CREATED_AT_ASC, ID_ASC]) { nodes { id filename fileType } }
    }
  }
}`,
    variables: { vetId },
  });

// The same rows with what REST's case object carries (every column of the case, the vet's clinic, the
// specialist's specialty, the declines with their specialist's name, every column of the files): REST
// answers the OpenAPI contract's whole case (~3x the bytes of the page above), so it is also compared with
// PostGraphile answering that much.
const postGraphileCasesAsRest = (vetId: number) =>
  JSON.stringify({
    query: `query AllCasesAsRest($vetId: Int!) {
  allCases(first: 100, condition: { vetId: $vetId }, orderBy: [CREATED_AT_DESC, ID_DESC]) {
    nodes {
      id uuid baseUuid revisionNumber originalCaseId revisitNumber vetId specialistId specialty patientName familyLastName
      contactEmail submittingDvm dateOfBirth species sex breed spayNeuterStatus age ageUnit clinicalSigns questions
      specialistResponses nutritionComplex termsAccepted status summary isPaid stripePaymentIntentId paymentAmount version
      createdAt updatedAt acceptedAt reviewedAt urgency routing activatedAt dueAt cancelledAt cancelReason
      userByVetId { id name clinicName clinicAddress }
      userBySpecialistId { id name specialty }
      caseDeclinesByCaseId(orderBy: [CREATED_AT_DESC, ID_DESC]) { nodes { specialistId reason createdAt userBySpecialistId { name } } }
      caseFilesByCaseId(orderBy: [CREATED_AT_ASC, ID_ASC]) { nodes { id caseId filename fileType fileSize fileCategory uploadedById createdAt } }
    }
  }
}`,
    variables: { vetId },
  });

interface Door {
  label: string;
  url: string;
  options: { method: 'GET' | 'POST'; body?: string; headers: Record<string, string> };
  countStatements: () => Promise<number>;
  /** The server's process, whose CPU time per request is read from /proc. */
  pid: number | undefined;
}

/** A process's CPU time so far (user + system), in ms, from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's closing parenthesis: state is field 3, utime 14 and stime 15, in clock ticks (USER_HZ, 100).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * Warms a door up (connections, plan cache) and counts its SQL statements per request. They are counted
 * over the warm-up's fixed number of requests, which all complete: at the end of a timed run, requests
 * still in flight have sent statements that no finished request accounts for (which inflated the ratio
 * at low req/s). 'n/a' when the count could not be read (never a guess).
 */
async function warmUp(door: Door): Promise<number | 'n/a'> {
  const WARM_UP = 200;
  const before = await door.countStatements();
  await autocannon({ url: door.url, ...door.options, connections: 4, amount: WARM_UP });
  const sent = (await door.countStatements()) - before;
  return Number.isFinite(sent) ? Number((sent / WARM_UP).toFixed(2)) : 'n/a';
}

async function run(door: Door) {
  const cpuBefore = cpuMsOf(door.pid);
  const result = await autocannon({ url: door.url, ...door.options, connections: CONNECTIONS, duration: DURATION });
  return {
    // Requests still in flight at the deadline are counted in the CPU but not in the total: a slight overestimate.
    cpuPerRequest: (cpuMsOf(door.pid) - cpuBefore) / result.requests.total,
    reqs: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors,
  };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const POSTGRAPHILE_DIR = fileURLToPath(new URL('./postgraphile/', import.meta.url));
const POSTGRAPHILE_CLI = join(POSTGRAPHILE_DIR, 'node_modules', 'postgraphile', 'cli.js');

// Loaded into the PostGraphile process with --import: wraps the pg that PostGraphile requires (resolved
// from its cli.js) exactly as ours is wrapped above, and answers the count over the IPC channel. The
// process also exits when this one goes away, so a crashed bench leaves no server behind.
const STATEMENT_COUNTER = `
import { createRequire } from 'node:module';
const pg = createRequire(process.argv[1])('pg');
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  statements++;
  return query.apply(this, args);
};
process.on('message', (message) => {
  if (message === 'statements') process.send({ statements });
});
process.on('disconnect', () => process.exit(0));
`;

/** Statements a server child (ours or PostGraphile) has sent so far, NaN when it does not answer. */
function childStatements(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (!child.connected) return resolve(Number.NaN);
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('statements' in message)) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(Number(message.statements));
    };
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      resolve(Number.NaN);
    }, 5000);
    child.on('message', onMessage);
    child.send('statements');
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Installs PostGraphile from its lock file if it is missing; throws the reason when that fails. */
async function installPostGraphile() {
  if (existsSync(POSTGRAPHILE_CLI)) return;
  const prefix = relative(process.cwd(), POSTGRAPHILE_DIR) || '.';
  console.log(`PostGraphile is not installed: npm ci --prefix ${prefix} --no-audit --no-fund`);
  const code = await new Promise<number | string>((resolve) => {
    const npm = spawn('npm', ['ci', '--prefix', POSTGRAPHILE_DIR, '--no-audit', '--no-fund'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    npm.on('error', (error) => resolve(error.message));
    npm.on('exit', (exitCode, signal) => resolve(exitCode ?? signal ?? 'no exit code'));
  });
  if (code !== 0) throw new Error(`npm ci --prefix ${prefix} failed (${code})`);
  if (!existsSync(POSTGRAPHILE_CLI)) throw new Error(`npm ci did not install ${POSTGRAPHILE_CLI}`);
}

/** Starts PostGraphile over the database and waits until it answers; the child is killed on failure. */
async function startPostGraphile(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(STATEMENT_COUNTER)}`,
      POSTGRAPHILE_CLI,
      ...['-c', databaseUrl, '-s', 'public', '-n', '127.0.0.1', '-p', String(port), '-m', '10'],
      '--disable-graphiql',
      '--disable-query-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}/graphql`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const lastLine = output.trim().split('\n').at(-1) ?? '';
      throw new Error(`PostGraphile exited (${child.exitCode ?? child.signalCode}): ${lastLine}`);
    }
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      if (response.ok) return { child, url };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopPostGraphile(child);
  throw new Error('PostGraphile did not answer within 60 s');
}

/** Starts our server (bench/load-server.ts) in a child process; resolves with its base URL. */
async function startOurs(
  databaseUrl: string,
  dataDir: string,
  script = fileURLToPath(new URL('./load-server.ts', import.meta.url)),
  profile = values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : [],
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script, databaseUrl, dataDir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('our server did not start within 60 s')), 60_000);
    child.on('message', (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'listening' in message) {
        clearTimeout(timer);
        resolve(Number(message.listening));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`our server exited (${code ?? signal})`));
    });
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Asks our server to close (it lets the handlers still running finish) and waits for it to exit. */
async function stopOurs(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.connected) child.send('close');
  else child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function stopPostGraphile(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

const dbName = `vetconsult_load_${Date.now()}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;
const databaseUrl = dbUrl.toString();
const dataDir = await mkdtemp(join(tmpdir(), 'vetconsult-load-'));
let postGraphile: ChildProcess | undefined;
let ours: ChildProcess | undefined;
let baseline: ChildProcess | undefined;
try {
  await applyMigrations(databaseUrl);
  const seeded = await seed(databaseUrl);
  if (LOOKUPS > 0) await timeSessionLookups(databaseUrl, seeded.vetId);
  const started = await startOurs(databaseUrl, dataDir);
  ours = started.child;
  const oursChild = started.child;
  const base = started.base;
  const headers = { cookie: seeded.cookie };
  // --baseline <checkout>: the same server from another checkout (its bench/load-server.ts), e.g. main
  // before a change, measured beside ours in the same rounds.
  const baselineServer = values.baseline
    ? await startOurs(
        databaseUrl,
        join(dataDir, 'baseline'),
        join(values.baseline, 'graphql-server', 'bench', 'load-server.ts'),
        [],
      )
    : undefined;
  baseline = baselineServer?.child;

  // Sanity: both doors return the same first page.
  const rest = (await (await fetch(`${base}/api/cases`, { headers })).json()) as Array<{ uuid: string }>;
  const gql = (await (
    await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: MY_CASES,
    })
  ).json()) as { data: { myCases: Array<{ uuid: string }> } };
  if (rest.length !== 100 || gql.data.myCases[0]?.uuid !== rest[0]?.uuid) throw new Error('doors disagree');
  if (baselineServer) {
    const answer = await fetch(`${baselineServer.base}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: MY_CASES,
    });
    const theirs = (await answer.json()) as { data?: { myCases?: unknown[] } };
    if (JSON.stringify(theirs) !== JSON.stringify(gql)) throw new Error('the baseline answers another page');
  }

  // PostGraphile over the same database, checked against our REST page before it is measured.
  let comparison:
    | { url: string; body: string; bodyAsRest: string; count: () => Promise<number>; pid: number | undefined }
    | { skipped: string };
  try {
    await installPostGraphile();
    const started = await startPostGraphile(databaseUrl);
    postGraphile = started.child;
    const child = started.child;
    const body = postGraphileCases(seeded.vetId);
    const bodyAsRest = postGraphileCasesAsRest(seeded.vetId);
    const before = await childStatements(child);
    for (const query of [body, bodyAsRest]) {
      const answer = (await (
        await fetch(started.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: query })
      ).json()) as { data?: { allCases?: { nodes: Array<{ uuid: string }> } }; errors?: Array<{ message: string }> };
      const nodes = answer.data?.allCases?.nodes ?? [];
      if (answer.errors?.length) throw new Error(`its query failed: ${answer.errors[0]?.message}`);
      if (nodes.length !== 100 || nodes[0]?.uuid !== rest[0]?.uuid) {
        throw new Error(`it returned ${nodes.length} nodes, first ${nodes[0]?.uuid}; REST's first is ${rest[0]?.uuid}`);
      }
    }
    // The counter must have seen that request, or its numbers would be made up.
    const counted = (await childStatements(child)) - before > 0;
    comparison = {
      url: started.url,
      body,
      bodyAsRest,
      count: counted ? () => childStatements(child) : async () => Number.NaN,
      pid: child.pid,
    };
  } catch (error) {
    comparison = { skipped: error instanceof Error ? error.message : String(error) };
    if (postGraphile) await stopPostGraphile(postGraphile);
  }

  console.log(
    `\nbench:load — ${seeded.total} cases (${seeded.mine} for the signed-in veterinarian), page of 100 with vet, specialist, files; ${CONNECTIONS} connections, ${DURATION} s per door per round, ${ROUNDS} rounds (median), each server in a process of its own, autocannon in this one, all on this machine (${process.platform}, node ${process.version})`,
  );
  if ('url' in comparison) {
    console.log(
      'PostGraphile: no auth, raw columns, its own pg pool (PostGraphile 4.14.1 as the database owner, pool of 10 like ours, production mode, no query log; SQL counted in its process the same way)',
    );
  }
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  console.log(`load average before: ${load()}`);
  const graphqlDoor = (label: string, at: string, child: ChildProcess): Door => ({
    label,
    url: `${at}/graphql`,
    options: { method: 'POST', body: MY_CASES, headers: { ...headers, 'content-type': 'application/json' } },
    countStatements: () => childStatements(child),
    pid: child.pid,
  });
  const restDoor = (label: string, at: string, child: ChildProcess): Door => ({
    label,
    url: `${at}/api/cases`,
    options: { method: 'GET', headers },
    countStatements: () => childStatements(child),
    pid: child.pid,
  });
  const postGraphileDoor = (
    label: string,
    url: string,
    body: string,
    count: () => Promise<number>,
    pid: number | undefined,
  ): Door => ({
    label,
    url,
    options: { method: 'POST', body, headers: { 'content-type': 'application/json' } },
    countStatements: count,
    pid,
  });
  const doors: Door[] = [
    ...(values.only === 'rest' ? [] : [graphqlDoor('GraphQL myCases(first: 100)', base, oursChild)]),
    ...(values.only === 'graphql' ? [] : [restDoor('REST GET /api/cases', base, oursChild)]),
    ...(baselineServer && values.only !== 'rest'
      ? [graphqlDoor('baseline GraphQL myCases', baselineServer.base, baselineServer.child)]
      : []),
    ...(baselineServer && values.only !== 'graphql'
      ? [restDoor('baseline REST /api/cases', baselineServer.base, baselineServer.child)]
      : []),
    ...('url' in comparison && !values.only
      ? [
          postGraphileDoor(
            'PostGraphile allCases(first: 100)',
            comparison.url,
            comparison.body,
            comparison.count,
            comparison.pid,
          ),
          postGraphileDoor(
            "PostGraphile allCases, REST's content",
            comparison.url,
            comparison.bodyAsRest,
            comparison.count,
            comparison.pid,
          ),
        ]
      : []),
  ];
  const statementsPerRequest = new Map<Door, number | 'n/a'>();
  for (const door of doors) statementsPerRequest.set(door, await warmUp(door));
  // Round-robin: every door is measured once per round, so a change of the machine's load (other
  // processes) falls on all of them alike; the table gives each door's median over the rounds.
  const runs = new Map<Door, Awaited<ReturnType<typeof run>>[]>(doors.map((door) => [door, []]));
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const door of doors) {
      runs.get(door)?.push(await run(door));
      loads.push(loadavg()[0] ?? 0);
    }
  }
  const rows = doors.map((door) => {
    const results = runs.get(door) ?? [];
    return {
      label: door.label,
      'req/s': Math.round(median(results.map((r) => r.reqs))),
      'p50 ms': median(results.map((r) => r.p50)),
      'p99 ms': median(results.map((r) => r.p99)),
      'SQL/request': statementsPerRequest.get(door) ?? 'n/a',
      'server CPU ms/request': Number(median(results.map((r) => r.cpuPerRequest)).toFixed(2)),
      'req/s per round': results.map((r) => Math.round(r.reqs)).join(' '),
      requests: results.reduce((sum, r) => sum + r.requests, 0),
      'non-2xx': results.reduce((sum, r) => sum + r.failed, 0),
    };
  });
  console.table(rows);
  const row = (label: string) => rows.find((r) => r.label === label);
  const ratio = (over: string, under: string) => {
    const [a, b] = [row(over), row(under)];
    if (a && b) console.log(`${over} / ${under}: ${(a['req/s'] / b['req/s']).toFixed(2)}`);
  };
  ratio('GraphQL myCases(first: 100)', 'REST GET /api/cases');
  ratio('GraphQL myCases(first: 100)', 'PostGraphile allCases(first: 100)');
  ratio('REST GET /api/cases', 'PostGraphile allCases(first: 100)');
  ratio('REST GET /api/cases', "PostGraphile allCases, REST's content");
  ratio('baseline REST /api/cases', "PostGraphile allCases, REST's content");
  ratio('baseline GraphQL myCases', 'PostGraphile allCases(first: 100)');
  ratio('baseline REST /api/cases', 'PostGraphile allCases(first: 100)');
  ratio('GraphQL myCases(first: 100)', 'baseline GraphQL myCases');
  ratio('REST GET /api/cases', 'baseline REST /api/cases');
  const cpuRatio = (over: string, under: string) => {
    const [a, b] = [row(over), row(under)];
    if (a && b) {
      const [x, y] = [a['server CPU ms/request'], b['server CPU ms/request']];
      console.log(`server CPU per request, ${over} / ${under}: ${x} / ${y} ms = ${(x / y).toFixed(2)}`);
    }
  };
  cpuRatio('GraphQL myCases(first: 100)', 'baseline GraphQL myCases');
  cpuRatio('REST GET /api/cases', 'baseline REST /api/cases');
  console.log(
    `load average after: ${load()}; 1-minute load average during the runs: ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)}`,
  );
  if ('skipped' in comparison) console.log(`PostGraphile comparison: not run (${comparison.skipped})`);
} finally {
  if (ours) await stopOurs(ours);
  if (baseline) await stopOurs(baseline);
  if (postGraphile) await stopPostGraphile(postGraphile);
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
