import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createCase } from './cases.fixtures';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { collect, connected, wsClient } from './helpers/ws';

// Fan-out across server instances through Redis, and what happens when Redis goes away and returns.

const MINE = 'subscription { myCasesChanged { uuid status kind } }';
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function twoInstances(redisUrl: string) {
  const a = await startTestServer({ redisUrl });
  const b = await startTestServer({ redisUrl });
  servers.push(a, b);
  return [a, b] as const;
}

async function acceptAcrossInstances(a: TestServer, b: TestServer) {
  const db = a.database.db;
  const vet = await createUser(db, { role: 'VETERINARIAN' });
  const specialist = await createUser(db, { role: 'SPECIALIST', specialty: 'Cardiology', approved: true });
  const kase = await createCase(db, { vetId: vet.id, specialistId: specialist.id, status: 'pending' });
  // The vet listens on instance B; the specialist acts on instance A.
  const vetHttp = await signedInClient(b.url, vet);
  const ws = wsClient(b.url, vetHttp.cookieHeader);
  await connected(ws);
  const events = collect(ws, MINE);
  await sleep(200);
  const specialistHttp = await signedInClient(a.url, specialist);
  return { kase, ws, events, specialistHttp, specialist };
}

describe.skipIf(!process.env.REDIS_URL)('two instances over the machine Redis (REDIS_URL)', () => {
  it('an event raised on instance A reaches a subscriber on instance B', async () => {
    const [a, b] = await twoInstances(process.env.REDIS_URL ?? '');
    const { kase, ws, events, specialistHttp, specialist } = await acceptAcrossInstances(a, b);
    const accept = await specialistHttp.post(`/api/cases/${kase.uuid}/accept`, { specialistId: specialist.id });
    expect(accept.status).toBe(200);
    const event = await events.next((r) => r.data?.myCasesChanged.uuid === kase.uuid);
    expect(event.data?.myCasesChanged).toMatchObject({ status: 'accepted', kind: 'accepted' });
    await ws.dispose();
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
}

describe.skipIf(!hasRedisServer)('Redis outage (a private redis-server)', () => {
  it('mutations keep working while Redis is down, and events flow again when it returns', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const [a, b] = await twoInstances(`redis://127.0.0.1:${port}`);
    const db = a.database.db;
    const { kase, ws, events, specialistHttp, specialist } = await acceptAcrossInstances(a, b);

    redis.kill('SIGKILL');
    await sleep(300);
    const accept = await specialistHttp.post(`/api/cases/${kase.uuid}/accept`, { specialistId: specialist.id });
    expect(accept.status).toBe(200);
    expect((await db.case.findUniqueOrThrow({ where: { uuid: kase.uuid } })).status).toBe('accepted');
    expect((await b.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      database: 'ok',
      events: 'degraded',
    });

    redis = await startRedis(port);
    // ioredis reconnects (retry every <= 2 s) and re-subscribes on its own; no restart.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await b.app.inject({ method: 'GET', url: '/readyz' })).json().events !== 'ok') {
      await sleep(200);
    }
    while (Date.now() < deadline && (await a.app.inject({ method: 'GET', url: '/readyz' })).json().events !== 'ok') {
      await sleep(200);
    }
    const form = new FormData();
    form.append('summary', 'Summary written after Redis came back.');
    form.append('specialistId', String(specialist.id));
    expect((await specialistHttp.request('POST', `/api/cases/${kase.uuid}/review`, form)).status).toBe(200);
    const event = await events.next((r) => r.data?.myCasesChanged.status === 'reviewed', 10_000);
    expect(event.data?.myCasesChanged.kind).toBe('reviewed');
    await ws.dispose();
    redis.kill('SIGKILL');
  }, 60_000);
});
