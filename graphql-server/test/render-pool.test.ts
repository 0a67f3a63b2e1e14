import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerPool } from '../src/lib/worker-pool';
import { createCase } from './cases.fixtures';
import type { tasks as fixtureTasks } from './fixtures/worker-tasks';
import type { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 17: the CPU-bound renders (report PDF, e-mails) run on worker threads (lib/worker-pool.ts,
// renders.ts), so the event loop that serves every request and socket keeps turning while they run.

const FIXTURE = new URL('./fixtures/worker-tasks.ts', import.meta.url);
const NAMES = { threadId: true, computeUntil: true, bytes: true, fail: true } as const;
const fixturePool = (threads: number) =>
  createWorkerPool<typeof fixtureTasks>({
    module: FIXTURE,
    names: NAMES,
    threads,
    onError: (error) => {
      throw error;
    },
  });

/**
 * Runs a task that computes without yielding, and sets the flag it waits for once this event loop has
 * seen it start and turned 20 more times: true when the loop turned while the task computed.
 */
async function loopTurnsDuringTask(pool: ReturnType<typeof fixturePool>, limitMs = 10_000): Promise<boolean> {
  const flag = new Int32Array(new SharedArrayBuffer(8));
  const result = pool.tasks.computeUntil(flag, limitMs);
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  while (Atomics.load(flag, 1) === 0) await turn();
  for (let i = 0; i < 20; i++) await turn();
  Atomics.store(flag, 0, 1);
  return result;
}

describe('the worker pool', () => {
  const pool = fixturePool(1);
  afterAll(() => pool.close());

  it('runs a task on another thread, and this event loop turns while it computes', async () => {
    expect(await pool.tasks.threadId()).not.toBe(threadId);
    expect(await loopTurnsDuringTask(pool)).toBe(true);
  });

  it('gives bytes back as a Buffer, and a failure as the task threw it', async () => {
    const bytes = await pool.tasks.bytes('%PDF-é');
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.toString()).toBe('%PDF-é');
    const failure = await pool.tasks.fail('the font is missing').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RangeError);
    expect((failure as Error).message).toBe('the font is missing');
  });

  it('with 0 threads runs the tasks on this one, which then waits for them (what RENDER_THREADS=0 does)', async () => {
    const inline = fixturePool(0);
    expect(await inline.tasks.threadId()).toBe(threadId);
    expect(await loopTurnsDuringTask(inline, 300)).toBe(false);
  });

  it("works in a process started with a TypeScript preload (a thread does not take the process's flags)", () => {
    const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--import', `${fixtures}worker-tasks.ts`, `${fixtures}worker-pool-child.ts`],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(JSON.parse(output)).toEqual({ main: 0, task: expect.any(Number) });
    expect(JSON.parse(output).task).not.toBe(0);
  });

  it('holds no more listeners after many tasks than after one', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 30; i++) await pool.tasks.threadId();
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('refuses tasks once closed, and its threads end', async () => {
    const closing = fixturePool(1);
    expect(await closing.tasks.threadId()).not.toBe(threadId);
    await closing.close();
    await expect(closing.tasks.threadId()).rejects.toThrow('the worker pool is closed');
  });
});

/** CPU time of each thread of this process so far, ms, by thread id (Linux: /proc). */
function threadCpuMs(): Map<string, number> {
  const task = `/proc/${process.pid}/task`;
  const threads = new Map<string, number>();
  for (const tid of readdirSync(task)) {
    try {
      const stat = readFileSync(`${task}/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(tid, (Number(fields[11]) + Number(fields[12])) * 10); // utime + stime, ticks of 10 ms
    } catch {
      // the thread ended meanwhile
    }
  }
  return threads;
}

describe('a consultation report', () => {
  let server: TestServer;
  let client: TestClient;
  let vetId: number;
  beforeAll(async () => {
    server = await startTestServer();
    const vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
    vetId = vet.id;
    client = await signedInClient(server.url, vet);
  });
  afterAll(() => server.close());

  async function downloadReport(): Promise<Buffer> {
    const db = server.database.db;
    const kase = await createCase(db, { vetId, status: 'reviewed' });
    const summary = Array.from(
      { length: 45 },
      (_, i) => `Paragraph ${i + 1}: mild left atrial enlargement; continue pimobendan, recheck in ${i + 2} weeks.`,
    ).join('\n\n');
    await db.case.update({ where: { id: kase.id }, data: { summary, reviewedAt: new Date() } });
    const response = await fetch(`${server.url}/api/cases/${kase.uuid}/report.pdf`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('is rendered on a thread of its own: the one serving requests spends a small part of its CPU', async () => {
    const before = threadCpuMs();
    await downloadReport(); // the render pool's thread starts: the threads that appear are the pool's
    const started = threadCpuMs();
    const pool = [...started.keys()].filter((tid) => !before.has(tid));
    const main = String(process.pid); // the main thread's id is the process's
    const pdf = await downloadReport(); // rendered on demand: a new case has no stored report
    const after = threadCpuMs();
    const spent = (tid: string) => (after.get(tid) ?? 0) - (started.get(tid) ?? 0);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Rendering takes ~100-300 ms of CPU; the request around it (session, queries, storage) ~10-30 ms.
    expect(pool.reduce((sum, tid) => sum + spent(tid), 0)).toBeGreaterThan(spent(main));
  });
});
