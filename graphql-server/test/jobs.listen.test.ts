import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { addJob, createJobQueue } from '../src/domain/jobs/queue';
import { createPrismaClient } from '../src/lib/db/client';
import { createLogger } from '../src/lib/logger';

// Issue 14, pick-up across connections: on PostgreSQL a job committed on one connection is taken by a
// runner on another (another server instance, or `npm run worker`) at once — addJob's NOTIFY is delivered
// at commit to the runner's LISTEN — not at the runner's next poll (60 s here). The embedded PGlite cannot
// deliver a NOTIFY to a listener on another connection (bench/queue-trial.ts), so there runners poll and
// this file has nothing to check.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('job pick-up across connections (PostgreSQL)', () => {
  const url = inject('databaseUrl');
  const adder = createPrismaClient(url, 1);
  const runnerDb = createPrismaClient(url, 1);
  // A task of its own: the runner claims only tasks it has handlers for, not other test files' jobs.
  const task = `test.listen:${randomUUID()}`;
  const ran: number[] = [];
  const queue = createJobQueue({ db: runnerDb, logger: createLogger('silent'), pollMs: 60_000, listenUrl: url });
  queue.define(task, async () => {
    ran.push(Date.now());
  });

  beforeAll(async () => {
    queue.start();
    await queue.whenListening();
  });
  afterAll(async () => {
    await queue.stop();
    await adder.$disconnect();
    await runnerDb.$disconnect();
  });

  it('a runner on another connection takes a committed job in well under its 60 s poll', async () => {
    for (let i = 0; i < 3; i++) {
      const committedAt = await adder.$transaction(async (tx) => {
        await addJob(tx, { task, payload: { i } });
        return Date.now();
      });
      await vi.waitFor(() => expect(ran).toHaveLength(i + 1), { timeout: 5000, interval: 10 });
      expect((ran[i] as number) - committedAt).toBeLessThan(500);
    }
  });

  it('a rolled-back add wakes the runner for nothing and leaves no job', async () => {
    const before = ran.length;
    await adder
      .$transaction(async (tx) => {
        await addJob(tx, { task, payload: { rolledBack: true } });
        throw new Error('roll back');
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ran).toHaveLength(before);
    expect(await adder.job.count({ where: { task } })).toBe(before);
  });
});
