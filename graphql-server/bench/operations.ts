// npm run bench:operations -- [--cases 10000] [--runs 20] [--browser [--page-runs 10] [--skip-build]] [--hold 0]
//
// Issue 19: the operations dashboard on 10,000 cases. Seeds a fresh database (a fresh embedded PGlite in a
// temporary folder by default; a fresh database on BENCH_DATABASE_URL or TEST_DATABASE_URL when set, dropped
// at the end) with --cases submitted cases over the last 6 months — three urgencies, 40 specialists in 8
// specialties, 200 clinics, one payment per case in 11 provinces and the US, a few refunds and cancellations,
// some overdue — then prints
//   report    the service's five SQL aggregations (what the page waits for on the server), p50/p95 of --runs
//   http      the whole GraphQL request of the page (POST /graphql with the session cookie), p50/p95
//   explain   EXPLAIN ANALYZE of each statement, to see the indexes used
//   page      with --browser: the built server (web/bench/bench-server.ts, on the same database; the web client
//             is built first unless --skip-build) and Chromium, the administrator signed in through REST: from
//             navigation start to both charts' bars and every table's rows drawn, measured in the page, --page-runs
//             cold (new context, empty cache) and warm visits, p50/p95, with when the report's request and the
//             route's chunk ended (./operations-page.ts); screenshots in web/e2e-artifacts/operations-10k-*.png
// The target is a page load under 1 s. --hold N keeps the server up N seconds afterwards (its URL and the
// administrator's sign-in are printed) to look at the dashboard on this data.
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { monthBounds, monthOf, weeksStart } from '@vetconsult/schema/operations';
import { URGENCIES, URGENCY_WINDOW_HOURS } from '@vetconsult/schema/turnaround';
import pg from 'pg';
import { freePort, startServer } from '../../web/bench/bench-server';
import { buildApp } from '../src/app';
import type { Actor } from '../src/domain/actor';
import { hashPassword } from '../src/domain/auth/password';
import { operationsStatements } from '../src/domain/operations/operations.service';
import { Prisma } from '../src/generated/prisma/client';
import { hashToken, newToken } from '../src/lib/tokens';
import { measureOperationsPage } from './operations-page';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '20' },
    browser: { type: 'boolean', default: false },
    hold: { type: 'string', default: '0' },
    'page-runs': { type: 'string', default: '10' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const CASES = Number(values.cases);
const BENCH_PASSWORD = 'bench-pass-123';
const RUNS = Number(values.runs);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SPECIALTIES = [
  'Cardiology',
  'Dermatology',
  'Internal Medicine',
  'Oncology',
  'Neurology',
  'Surgery',
  'Anesthesia',
  'Critical Care',
];
const PROVINCES: Array<[string | null, number]> = [
  ['ON', 0.13],
  ['QC', 0.14975],
  ['BC', 0.12],
  ['AB', 0.05],
  ['MB', 0.12],
  ['SK', 0.11],
  ['NS', 0.14],
  ['NB', 0.15],
  ['NL', 0.15],
  ['PE', 0.15],
  ['YT', 0.05],
  [null, 0],
];

/** A seeded pseudo-random generator (mulberry32): the same data on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`;
};

async function freshDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const name = `vetconsult_bench_ops_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The dashboard in Chromium against the built server on the seeded database (./operations-page.ts). */
async function pageLoad(databaseUrl: string | undefined, dataDir: string, username: string) {
  const root = join(import.meta.dirname, '../..');
  if (!values['skip-build']) execSync('npm run build -w web', { cwd: root, stdio: 'ignore' });
  const port = await freePort();
  const server = await startServer(port, dataDir, { DATABASE_URL: databaseUrl ?? '', SEED_ON_EMPTY: 'false' });
  try {
    const runs = Number(values['page-runs']);
    const { cold, warm } = await measureOperationsPage({
      base: `http://127.0.0.1:${port}`,
      username,
      password: BENCH_PASSWORD,
      runs,
      artifacts: join(root, 'web/e2e-artifacts'),
    });
    const checks = cold[0];
    console.log('\nthe requests of the first cold visit (ms from navigation start, bytes over the wire):');
    for (const r of checks?.waterfall ?? []) console.log(`  ${r.start}-${r.end} ms  ${r.bytes} B  ${r.name}`);
    console.log(
      `\npage /admin/operations in Chromium (built server, ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}), ` +
        `navigation start to charts and tables drawn (${checks?.bars} bars, ${checks?.tableRows} table rows); ` +
        `load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}:`,
    );
    for (const [label, visits] of [
      ['cold (new context, empty cache)', cold],
      ['warm (same context, cached code)', warm],
    ] as const) {
      console.log(`  ${label}, ${visits.length} visits:`);
      console.log(`    drawn          ${summary(visits.map((v) => v.drawn))}`);
      console.log(`    route chunk in ${summary(visits.map((v) => v.chunkEnd))}`);
      console.log(`    report asked   ${summary(visits.map((v) => v.reportStart))}`);
      console.log(`    report in      ${summary(visits.map((v) => v.reportEnd))}`);
      console.log(`    report request ${summary(visits.map((v) => v.reportEnd - v.reportStart))}`);
      console.log(`    render after   ${summary(visits.map((v) => v.drawn - v.reportEnd))}`);
    }
    const p50 = percentile(
      cold.map((v) => v.drawn).sort((a, b) => a - b),
      50,
    );
    console.log(`  target < 1000 ms (cold p50 ${p50.toFixed(0)} ms): ${p50 < 1000 ? 'met' : 'missed'}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'vetconsult-bench-ops-'));
  const database = await freshDatabase();
  const app = await buildApp({
    databaseUrl: database.url,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    mail: { smtpUrl: undefined, from: 'VetConsult <bench@vetconsult.local>', outboxDir: join(dataDir, 'outbox') },
    seedOnEmpty: false,
    logLevel: 'warn',
    host: '127.0.0.1',
    port: 0,
    redisUrl: undefined,
  });
  const db = app.database.db;
  let closed = false;
  try {
    const rand = random(19);
    const now = new Date();
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const tag = randomUUID().slice(0, 6);
    const user = (role: 'ADMIN' | 'VETERINARIAN' | 'SPECIALIST', i: number, specialty: string | null = null) => ({
      username: `ops_${tag}_${role.toLowerCase()}_${i}`,
      email: `ops_${tag}_${role.toLowerCase()}_${i}@bench.example`,
      name: `Bench ${role.toLowerCase()} ${i}`,
      role,
      specialty,
      approved: true,
      passwordHash,
    });
    const seedStart = performance.now();
    await db.user.createMany({
      data: [
        user('ADMIN', 0),
        ...Array.from({ length: 200 }, (_, i) => user('VETERINARIAN', i)),
        ...Array.from({ length: 40 }, (_, i) => user('SPECIALIST', i, SPECIALTIES[i % SPECIALTIES.length] as string)),
      ],
    });
    const people = await db.user.findMany({
      where: { username: { startsWith: `ops_${tag}_` } },
      select: { id: true, role: true, specialty: true },
    });
    const adminId = people.find((p) => p.role === 'ADMIN')?.id as number;
    const vets = people.filter((p) => p.role === 'VETERINARIAN');
    const specialists = people.filter((p) => p.role === 'SPECIALIST');
    const vetProvince = new Map(vets.map((v, i) => [v.id, PROVINCES[i % PROVINCES.length] as [string | null, number]]));

    const cases: Prisma.CaseCreateManyInput[] = [];
    for (let i = 0; i < CASES; i++) {
      const specialist = specialists[Math.floor(rand() * specialists.length)] as (typeof specialists)[number];
      const vet = vets[Math.floor(rand() * vets.length)] as (typeof vets)[number];
      const u = rand();
      const urgency = u < 0.6 ? URGENCIES[0] : u < 0.9 ? URGENCIES[1] : URGENCIES[2];
      const windowMs = URGENCY_WINDOW_HOURS[urgency] * HOUR;
      const activatedAt = new Date(now.getTime() - rand() * 182 * DAY);
      const dueAt = new Date(activatedAt.getTime() + windowMs);
      const acceptedAt = new Date(activatedAt.getTime() + rand() * rand() * windowMs * 0.5);
      const reviewedAt = new Date(acceptedAt.getTime() + rand() * windowMs * 0.9);
      const fate = rand();
      const open = reviewedAt > now;
      const status =
        fate < 0.02
          ? 'cancelled'
          : open || fate < 0.04
            ? acceptedAt > now || fate < 0.03
              ? 'pending'
              : 'accepted'
            : 'reviewed';
      cases.push({
        vetId: vet.id,
        specialistId: specialist.id,
        specialty: specialist.specialty,
        patientName: `Ops ${tag} ${i}`,
        status,
        urgency,
        isPaid: true,
        activatedAt,
        dueAt,
        createdAt: activatedAt,
        acceptedAt: status === 'accepted' || status === 'reviewed' ? acceptedAt : null,
        reviewedAt: status === 'reviewed' ? reviewedAt : null,
        cancelledAt: status === 'cancelled' ? new Date(activatedAt.getTime() + HOUR) : null,
      });
    }
    for (let i = 0; i < cases.length; i += 2000) await db.case.createMany({ data: cases.slice(i, i + 2000) });
    const rows = await db.case.findMany({
      where: { patientName: { startsWith: `Ops ${tag} ` } },
      select: { id: true, vetId: true, activatedAt: true, status: true, cancelledAt: true, urgency: true },
    });
    const fee = { routine: 10000, priority: 15000, stat: 25000 } as const;
    const payments: Prisma.PaymentCreateManyInput[] = rows.map((kase, i) => {
      const [province, rate] = vetProvince.get(kase.vetId) ?? [null, 0];
      const original = fee[kase.urgency];
      const tax = Math.round(original * rate);
      const refunded = kase.status === 'cancelled';
      return {
        caseId: kase.id,
        userId: kase.vetId,
        type: 'consultation',
        provider: 'test',
        providerPaymentIntentId: `pi_ops_${tag}_${i}`,
        status: 'succeeded',
        currency: province ? 'cad' : 'usd',
        originalAmount: original,
        taxAmount: tax,
        taxRate: rate * 100,
        totalAmount: original + tax,
        province,
        isCanadian: province !== null,
        activatedAt: kase.activatedAt,
        refundedAt: refunded ? kase.cancelledAt : null,
        refundAmount: refunded ? original + tax : null,
      };
    });
    for (let i = 0; i < payments.length; i += 2000) await db.payment.createMany({ data: payments.slice(i, i + 2000) });
    await db.$executeRawUnsafe('ANALYZE');
    const token = newToken();
    await db.session.create({
      data: { tokenHash: hashToken(token), userId: adminId, expiresAt: new Date(Date.now() + HOUR) },
    });
    console.log(
      `seeded ${rows.length} cases and ${payments.length} payments in ${((performance.now() - seedStart) / 1000).toFixed(1)} s ` +
        `(${database.url ? 'PostgreSQL' : 'embedded PGlite'}); load average ${loadavg()[0]?.toFixed(1)}`,
    );

    const actor: Actor = { id: adminId, role: 'ADMIN', approved: true, specialty: null, sessionId: 'bench' };
    const input = { month: monthOf(now), weeks: 12 };
    const service: number[] = [];
    let report = await app.services.operations.report(actor, input); // warm-up
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      report = await app.services.operations.report(actor, input);
      service.push(performance.now() - t0);
    }

    await app.app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const query = `query ($input: OperationsReportInput) { operationsReport(input: $input) {
      generatedAt month monthStart monthEnd weeks weeksFrom overdueNow
      casesPerWeek { weekStart specialty cases }
      durations { urgency accepted acceptMedianHours acceptP90Hours reviewed reviewMedianHours reviewP90Hours }
      onTimeByUrgency { urgency onTime late rate }
      onTimeBySpecialist { specialistId specialistName onTime late rate }
      revenue { currency province payments capturedAmount refundedAmount netAmount taxAmount } } }`;
    const http: number[] = [];
    let bytes = 0;
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `vc_session=${token}` },
        body: JSON.stringify({ query, variables: { input } }),
      });
      const text = await response.text();
      if (i > 0) http.push(performance.now() - t0);
      bytes = text.length;
      const body = JSON.parse(text) as { errors?: unknown };
      if (response.status !== 200 || body.errors) throw new Error(`GraphQL answered ${response.status}: ${text}`);
    }
    const csv: number[] = [];
    for (let i = 0; i <= Math.min(RUNS, 5); i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/admin/operations.csv?month=${input.month}&weeks=12`, {
        headers: { cookie: `vc_session=${token}` },
      });
      await response.text();
      if (i > 0) csv.push(performance.now() - t0);
    }

    const all = report.durations.find((row) => row.urgency === null);
    console.log(
      `report: ${report.casesPerWeek.reduce((s, c) => s + c.cases, 0)} cases in 12 weeks, overdue now ${report.overdueNow}, ` +
        `median accept ${all?.acceptMedianHours?.toFixed(2)} h, median review ${all?.reviewMedianHours?.toFixed(2)} h, ` +
        `${report.revenue.length} revenue rows`,
    );
    console.log(`service (5 SQL aggregations), ${RUNS} runs: ${summary(service)}`);
    console.log(`GraphQL operationsReport over HTTP, ${RUNS} runs: ${summary(http)} (${bytes} bytes)`);
    console.log(`CSV download over HTTP, ${csv.length} runs: ${summary(csv)}`);

    const { start, end } = monthBounds(input.month);
    const statements = {
      ...operationsStatements({ from: weeksStart(now, 12), to: now, now, start, end }),
      // 2 weeks of 26 instead of 12: selective enough for the planner to read cases through the index.
      casesPerWeek_2_weeks: operationsStatements({ from: weeksStart(now, 2), to: now, now, start, end }).casesPerWeek,
    };
    for (const [name, sql] of Object.entries(statements)) {
      const plan = await db.$queryRaw<Array<{ 'QUERY PLAN': string }>>(Prisma.sql`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`);
      const lines = plan.map((row) => row['QUERY PLAN']);
      const indexes = [...new Set(lines.join('\n').match(/\b(?:cases|payments)_\w+_idx\b/g) ?? [])];
      console.log(`\nEXPLAIN ${name}: indexes ${indexes.length ? indexes.join(', ') : 'none (sequential scan)'}`);
      for (const line of lines) console.log(`  ${line}`);
    }

    if (values.browser) {
      // The in-process app lets go of the database (the embedded one has a single owner) for the built server.
      await app.close();
      closed = true;
      await pageLoad(database.url, dataDir, `ops_${tag}_admin_0`);
    }
    const hold = Number(values.hold);
    if (hold > 0 && !closed) {
      console.log(
        `\nserving ${base}/admin/operations for ${hold} s: sign in as ops_${tag}_admin_0 / ${BENCH_PASSWORD}`,
      );
      await new Promise((resolve) => setTimeout(resolve, hold * 1000));
    }
  } finally {
    if (!closed) await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
