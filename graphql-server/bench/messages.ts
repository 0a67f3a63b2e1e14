// npm run bench:messages -- [--threads 1000] [--messages 200] [--interval 25]
//
// Issue 15: how long a conversation message takes from "send" on one side to its receipt on the other,
// with 1,000 open threads. Every thread is an accepted case between its own veterinarian and specialist,
// and both sides have it open as the web client does: one socket each, subscribed to caseMessageAdded and
// caseMessagesRead of that case (2 x threads sockets, 4 x threads subscriptions). A driver sends messages
// through the GraphQL mutation (sendCaseMessage over HTTP, as the web composer does) into threads chosen
// round-robin, one every --interval ms, each from the thread's veterinarian. For each it measures
//   send -> receipt   from just before the HTTP request leaves to the `next` frame on the specialist's socket
//   mutation          the HTTP round trip of sendCaseMessage (commit included)
// and counts lost or duplicated deliveries (each message must reach both sides' sockets exactly once). For
// scale it also times a query that reads only the session, the floor of any request on the machine as
// loaded at that moment.
// One server process (production mode, no Redis), PostgreSQL (BENCH_DATABASE_URL, default
// postgresql://postgres@127.0.0.1:5432/postgres: a fresh database is created and dropped).
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
import { type LoadClient, loadClient } from './load-client';

const { values } = parseArgs({
  options: {
    threads: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '200' },
    interval: { type: 'string', default: '25' },
    port: { type: 'string', default: '4651' },
  },
});
const THREADS = Number(values.threads);
const MESSAGES = Number(values.messages);
const INTERVAL_MS = Number(values.interval);
const PORT = Number(values.port);
const WARMUP = 10;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const BASE = `http://127.0.0.1:${PORT}`;

type Db = ReturnType<typeof createPrismaClient>;

async function users(db: Db, tag: string, role: 'VETERINARIAN' | 'SPECIALIST', passwordHash: string) {
  const prefix = `${role === 'VETERINARIAN' ? 'vet' : 'spec'}_${tag}_`;
  await db.user.createMany({
    data: Array.from({ length: THREADS }, (_, i) => ({
      username: `${prefix}${i}`,
      email: `${prefix}${i}@bench.example`,
      name: `Bench ${role.toLowerCase()} ${i}`,
      role,
      specialty: role === 'SPECIALIST' ? 'Cardiology' : null,
      approved: true,
      passwordHash,
    })),
  });
  const rows = await db.user.findMany({ where: { username: { startsWith: prefix } }, select: { id: true } });
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  const tokens = ids.map(() => newToken());
  await db.session.createMany({
    data: tokens.map((token, i) => ({
      tokenHash: hashToken(token),
      userId: ids[i] as number,
      expiresAt: new Date(Date.now() + 3600_000),
    })),
  });
  return ids.map((id, i) => ({ id, cookie: `vc_session=${tokens[i]}` }));
}

/** THREADS accepted cases, the i-th between the i-th veterinarian and the i-th specialist. */
async function prepare(db: Db) {
  const tag = Date.now().toString(36);
  const passwordHash = await hashPassword('bench-pass-123');
  const vets = await users(db, tag, 'VETERINARIAN', passwordHash);
  const specialists = await users(db, tag, 'SPECIALIST', passwordHash);
  await db.case.createMany({
    data: vets.map((vet, i) => ({
      vetId: vet.id,
      specialistId: specialists[i]?.id as number,
      status: 'accepted' as const,
      isPaid: true,
      specialty: 'Cardiology',
      patientName: `Thread ${tag} ${i}`,
      termsAccepted: true,
      acceptedAt: new Date(),
    })),
  });
  const cases = await db.case.findMany({
    where: { patientName: { startsWith: `Thread ${tag} ` } },
    select: { uuid: true, vetId: true },
  });
  const byVet = new Map(cases.map((kase) => [kase.vetId, kase.uuid]));
  return vets.map((vet, i) => ({
    uuid: byVet.get(vet.id) as string,
    vet,
    specialist: specialists[i] as { id: number; cookie: string },
  }));
}

async function startServer(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../src/server.ts')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // One driver on 127.0.0.1 stands for many people: the per-IP message limit must not throttle it.
      RATE_LIMIT_SCALE: '10000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${BASE}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await sleep(100);
  }
  throw new Error('server did not start');
}

const rank = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${rank(sorted, 50)}  p95 ${rank(sorted, 95)}  p99 ${rank(sorted, 99)}  max ${sorted.at(-1)}  (n=${sorted.length})`;
}

function serverStats(pid: number) {
  const rssKb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return { rssMb: rssKb / 1024, cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
}

const SEND = 'mutation Send($uuid: String!, $body: String!) { sendCaseMessage(caseUuid: $uuid, body: $body) { id } }';

async function run(databaseUrl: string) {
  const db = createPrismaClient(databaseUrl, 2);
  const threads = await prepare(db);
  const server = await startServer(databaseUrl);

  // Receipts per message body: on the specialist's side (the measure) and the vet's own tab (counted).
  const sentAt = new Map<string, number>();
  const received = { specialist: new Map<string, number>(), vet: new Map<string, number>() };
  let duplicates = 0;
  const latencies: number[] = [];
  let measuring = false;
  const onMessage = (side: 'specialist' | 'vet') => (payload: { data?: unknown }, receivedAt: number) => {
    const body = (payload.data as { caseMessageAdded?: { body: string } } | undefined)?.caseMessageAdded?.body;
    if (!body) return;
    const seen = received[side];
    if (seen.has(body)) duplicates++;
    seen.set(body, (seen.get(body) ?? 0) + 1);
    const start = sentAt.get(body);
    if (side === 'specialist' && measuring && start !== undefined) latencies.push(receivedAt - start);
  };

  const connectStart = Date.now();
  const sockets: LoadClient[] = [];
  const open = async (thread: (typeof threads)[number], side: 'vet' | 'specialist') => {
    const socket = loadClient(BASE, thread[side].cookie);
    sockets.push(socket);
    await socket.ready;
    socket.subscribe(
      `subscription { caseMessageAdded(caseUuid: "${thread.uuid}") { id body createdAt } }`,
      onMessage(side),
    );
    socket.subscribe(`subscription { caseMessagesRead(caseUuid: "${thread.uuid}") { lastReadMessageId } }`, () => {});
  };
  // Fifty threads at a time, as many people opening their case pages.
  for (let i = 0; i < threads.length; i += 50) {
    await Promise.all(threads.slice(i, i + 50).flatMap((thread) => [open(thread, 'vet'), open(thread, 'specialist')]));
  }
  const connectMs = Date.now() - connectStart;
  await sleep(1000);

  const roundTrips: number[] = [];
  const send = async (index: number) => {
    const thread = threads[index % threads.length];
    if (!thread) return;
    const body = `bench message ${index}`;
    const started = Date.now();
    sentAt.set(body, started);
    const response = await fetch(`${BASE}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: thread.vet.cookie },
      body: JSON.stringify({ query: SEND, variables: { uuid: thread.uuid, body } }),
    });
    const result = (await response.json()) as { errors?: unknown };
    if (result.errors) throw new Error(`send failed: ${JSON.stringify(result.errors)}`);
    if (measuring) roundTrips.push(Date.now() - started);
  };
  const settle = async (count: number) => {
    const deadline = Date.now() + 30_000;
    while (received.specialist.size + received.vet.size < count * 2 && Date.now() < deadline) await sleep(50);
  };

  for (let i = 0; i < WARMUP; i++) await send(i);
  await settle(WARMUP);
  // The floor on this machine right now: a query that reads only the session.
  const floor: number[] = [];
  for (let i = 0; i < 50; i++) {
    const cookie = threads[i % threads.length]?.vet.cookie ?? '';
    const begun = Date.now();
    await fetch(`${BASE}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: '{ me { id } }' }),
    }).then((r) => r.json());
    floor.push(Date.now() - begun);
  }
  measuring = true;
  const before = serverStats(server.pid ?? 0);
  const started = Date.now();
  const sends: Promise<void>[] = [];
  for (let i = WARMUP; i < WARMUP + MESSAGES; i++) {
    // Paced, not serialised: a slow answer does not delay the next send.
    sends.push(send(i));
    await sleep(INTERVAL_MS);
  }
  await Promise.all(sends);
  await settle(WARMUP + MESSAGES);
  const elapsed = (Date.now() - started) / 1000;
  const after = serverStats(server.pid ?? 0);
  const lost = (side: 'vet' | 'specialist') => WARMUP + MESSAGES - received[side].size;

  console.log(
    `\n== ${THREADS} open threads (${sockets.length} sockets, ${sockets.length * 2} subscriptions); ${MESSAGES} messages, one every ${INTERVAL_MS} ms (after ${WARMUP} to warm up)`,
  );
  console.log(`connect + subscribe all sockets: ${connectMs} ms`);
  console.log(`send -> other side's receipt ms: ${summary(latencies)}`);
  console.log(`sendCaseMessage HTTP round trip ms: ${summary(roundTrips)}`);
  console.log(`for scale, a { me { id } } query round trip ms: ${summary(floor)}`);
  console.log(
    `deliveries lost: specialist side ${lost('specialist')}, vet side ${lost('vet')}; duplicated: ${duplicates}`,
  );
  const cpu = after.cpuSeconds - before.cpuSeconds;
  console.log(
    `server: RSS ${after.rssMb.toFixed(0)} MB, CPU ${cpu.toFixed(2)} s over ${elapsed.toFixed(1)} s (${((cpu / elapsed) * 100).toFixed(0)}% of one core); machine load average ${loadavg()[0]?.toFixed(1)}`,
  );

  await Promise.all(sockets.map((socket) => socket.close()));
  await db.$disconnect();
  server.kill('SIGTERM');
  await sleep(500);
}

const dbName = `vetconsult_bench_messages_${Date.now()}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${dbName}`;
try {
  await applyMigrations(url.toString());
  await run(url.toString());
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}
