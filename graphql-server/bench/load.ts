// npm run bench:load -- [--cases 10000] [--duration 10] [--connections 20]
//
// The consult list under load: GraphQL myCases and REST GET /api/cases (first page, 100 cases with vet,
// specialist and files) for a veterinarian, over a fresh PostgreSQL database seeded with N cases
// (createMany). autocannon drives the real server (buildApp, production mode, in this process: the
// statement counter wraps pg's Client, the way test/cases.n1.test.ts counts them). Prints req/s,
// latency p50/p99 and SQL statements per request (the session lookup included).
// Needs PostgreSQL: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres); a
// fresh database is created and dropped. PostGraphile is not installed, so there is no comparison run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app';
import { RATE_LIMITS } from '../src/http/limits';
import { createPrismaClient } from '../src/lib/db/client';
import { applyMigrations } from '../src/lib/db/migrate';
import { hashToken, newToken } from '../src/lib/tokens';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
  },
});
const CASES = Number(values.cases);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

// Every statement the app sends, counted where it leaves for PostgreSQL.
let statements = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

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
  const total = await db.case.count();
  const mine = firstCases.length;
  await db.$disconnect();
  return { cookie: `vc_session=${token}`, total, mine };
}

const MY_CASES = JSON.stringify({
  operationName: 'MyConsults',
  query:
    'query MyConsults { myCases(first: 100) { uuid label title status statusLabel createdAt vet { name clinicName } specialist { name } files { filename fileType url } } }',
});

async function measure(
  label: string,
  url: string,
  options: { method: 'GET' | 'POST'; body?: string; headers: Record<string, string> },
) {
  // Warm up (connections, plan cache), then measure.
  await autocannon({ url, ...options, connections: 4, amount: 200 });
  const before = statements;
  const result = await autocannon({ url, ...options, connections: CONNECTIONS, duration: DURATION });
  const requests = result.requests.total;
  const non2xx = result.non2xx + result.errors;
  return {
    label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'SQL/request': requests ? Number(((statements - before) / requests).toFixed(2)) : Number.NaN,
    requests,
    'non-2xx': non2xx,
  };
}

const dbName = `vetconsult_load_${Date.now()}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;
const databaseUrl = dbUrl.toString();
const dataDir = await mkdtemp(join(tmpdir(), 'vetconsult-load-'));
try {
  await applyMigrations(databaseUrl);
  const seeded = await seed(databaseUrl);
  const app = await buildApp({
    databaseUrl,
    databasePoolSize: 10,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    seedOnEmpty: false,
    logLevel: 'warn',
    isProduction: true,
    env: 'production',
    graphiql: false,
    // The load comes from one IP; the limited paths are not exercised here anyway.
    rateLimits: RATE_LIMITS,
  });
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const headers = { cookie: seeded.cookie };

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

  console.log(
    `\nbench:load — ${seeded.total} cases (${seeded.mine} for the signed-in veterinarian), page of 100 with vet, specialist, files; ${CONNECTIONS} connections, ${DURATION} s each, server and autocannon on this machine (${process.platform}, node ${process.version})\n`,
  );
  const rows = [
    await measure('GraphQL myCases(first: 100)', `${base}/graphql`, {
      method: 'POST',
      body: MY_CASES,
      headers: { ...headers, 'content-type': 'application/json' },
    }),
    await measure('REST GET /api/cases', `${base}/api/cases`, { method: 'GET', headers }),
  ];
  console.table(rows);
  const [graphqlRow, restRow] = rows;
  if (graphqlRow && restRow) {
    console.log(`GraphQL / REST throughput ratio: ${(graphqlRow['req/s'] / restRow['req/s']).toFixed(2)}`);
  }
  console.log('PostGraphile comparison: not run (postgraphile is not installed).');
  // autocannon drops its sockets at the deadline; let the handlers still running finish first.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await app.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
