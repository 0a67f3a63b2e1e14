import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Prisma } from '../../generated/prisma/client';
import { type Db, isPgliteVersion } from '../../lib/db/client';
import type { Logger } from '../../lib/logger';

// THE DURABLE JOB QUEUE (issue 14). A job is a row of `jobs`, written by `addJob(tx, ...)` inside the
// transaction of the change that needs it: a rolled-back change leaves no job, a committed one cannot
// lose it (a crash between commit and send only delays it). Runners claim one due job at a time with
// `FOR UPDATE SKIP LOCKED` and a lease (`lockedUntil`): two runners (two server instances, or a server
// and `npm run worker`) never run the same job at once, and a job whose runner died is claimed again
// once its lease runs out. A failure is retried with exponential backoff until `maxAttempts`; a done
// job is kept (doneAt; for 90 days, see retention.ts) so its `key` stays taken: a second add with the
// same key adds nothing (at most one reminder per case and kind, one delivery job per notification). Plain SQL over the app's own
// connection: it runs the same on PostgreSQL and on the embedded PGlite (one connection), which is why
// it was chosen over graphile-worker and pg-boss (docs/notifications.md).
// Pick-up: an add also sends `NOTIFY jobs_added` in its transaction (delivered at commit, dropped on
// rollback); on PostgreSQL a runner given `listenUrl` LISTENs on a connection of its own and looks at
// once, so another instance or `npm run worker` takes a job without waiting for its poll. The embedded
// PGlite cannot deliver it (its socket server hands a notification to whichever connection is running a
// statement, not to the listener: bench/queue-trial.ts), so there the runners keep to the poll.

export interface NewJob {
  task: string;
  payload: Prisma.InputJsonValue;
  /** Idempotence: a job with this key already added (done or not) makes this add a no-op. */
  key?: string;
  /** When it may run (a scheduled job: a reminder, the daily retention sweep); default now. */
  runAt?: Date;
  maxAttempts?: number;
}

type RawRunner = Pick<Db, '$executeRaw'> | Pick<Prisma.TransactionClient, '$executeRaw'>;

/** The channel an added job is announced on (at its transaction's commit). */
export const JOBS_CHANNEL = 'jobs_added';

/** Timestamps are stored as UTC wall time (TIMESTAMP(3), as Prisma writes them). */
const sqlTime = (at: Date) => at.toISOString().replace('Z', '');

/** Adds a job in the caller's transaction (or alone); returns whether it was added (false: key taken). */
export async function addJob(tx: RawRunner, job: NewJob): Promise<boolean> {
  const runAt = job.runAt ?? new Date();
  const added = await tx.$executeRaw`
    INSERT INTO jobs (task, payload, key, "runAt", "maxAttempts")
    VALUES (${job.task}, ${JSON.stringify(job.payload)}::jsonb, ${job.key ?? null}, ${sqlTime(runAt)}::timestamp,
            ${job.maxAttempts ?? 8})
    ON CONFLICT (key) DO NOTHING`;
  if (added !== 1) return false;
  await tx.$executeRaw`SELECT pg_notify(${JOBS_CHANNEL}, '')`;
  return true;
}

export interface JobContext {
  /** The queue's clock at the time the job was claimed. */
  now: Date;
  attempt: number;
  jobId: number;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

interface ClaimedJob {
  id: number;
  task: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export interface JobQueueOptions {
  db: Db;
  logger: Logger;
  now?: () => Date;
  /** How often an idle runner looks for due jobs (it is also woken by `nudge`). */
  pollMs?: number;
  /** How long a claimed job is leased to its runner before another may take it. */
  leaseMs?: number;
  /** The first retry's delay; each next one doubles, up to an hour. */
  backoffMs?: number;
  /** PostgreSQL only: LISTEN here for added jobs (woken at once, not at the next poll). */
  listenUrl?: string;
}

export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}

export function createJobQueue(options: JobQueueOptions) {
  const { db, logger } = options;
  const clock = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const backoffMs = options.backoffMs ?? 5000;
  const runnerId = randomUUID();
  const handlers = new Map<string, JobHandler>();
  let running: Promise<void> | null = null;
  let stopped = true;
  let wake: (() => void) | null = null;
  let nudged = false;
  let listener: pg.Client | null = null;
  let listening: Promise<void> = Promise.resolve();

  async function claim(at: Date, only?: string[]): Promise<ClaimedJob | null> {
    const lease = new Date(at.getTime() + leaseMs);
    const tasks = only ?? [...handlers.keys()];
    if (tasks.length === 0) return null;
    const rows = await db.$queryRaw<ClaimedJob[]>`
      UPDATE jobs SET "lockedBy" = ${runnerId}, "lockedUntil" = ${sqlTime(lease)}::timestamp, attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE "doneAt" IS NULL AND "failedAt" IS NULL AND "runAt" <= ${sqlTime(at)}::timestamp
          AND ("lockedUntil" IS NULL OR "lockedUntil" < ${sqlTime(at)}::timestamp)
          AND task = ANY(${tasks}::text[])
        ORDER BY "runAt", id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, task, payload, attempts, "maxAttempts"`;
    return rows[0] ?? null;
  }

  async function runClaimed(job: ClaimedJob, at: Date): Promise<void> {
    const handler = handlers.get(job.task);
    try {
      if (!handler) throw new Error(`no handler for job task ${job.task}`);
      await handler(job.payload, { now: at, attempt: job.attempts, jobId: job.id });
      await db.job.updateMany({
        where: { id: job.id, lockedBy: runnerId },
        data: { doneAt: clock(), lockedBy: null, lockedUntil: null, lastError: null },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job.attempts >= job.maxAttempts;
      logger.warn({ err: error, jobId: job.id, task: job.task, attempt: job.attempts, last }, 'job failed');
      await db.job.updateMany({
        where: { id: job.id, lockedBy: runnerId },
        data: last
          ? { failedAt: clock(), lockedBy: null, lockedUntil: null, lastError: message }
          : {
              runAt: new Date(clock().getTime() + retryDelayMs(job.attempts, backoffMs)),
              lockedBy: null,
              lockedUntil: null,
              lastError: message,
            },
      });
    }
  }

  /** Claims and runs one job due at `at`; false when none is due. */
  async function runOne(at: Date = clock(), only?: string[]): Promise<boolean> {
    const job = await claim(at, only);
    if (!job) return false;
    await runClaimed(job, at);
    return true;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (nudged) {
        nudged = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  /** Holds a LISTEN connection while running; a lost one is opened again within a second (or a poll). */
  async function listen(url: string): Promise<void> {
    // Asked on the app's own connection, so that the embedded PGlite (a few connections, one backend)
    // is never sent one more: a LISTEN there would never hear (see above).
    const version = await db.$queryRaw<{ version: string }[]>`SELECT version()`
      .then((rows) => rows[0]?.version ?? '')
      .catch(() => '');
    if (isPgliteVersion(version) || stopped) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', () => nudge());
    client.on('error', (error) => {
      logger.warn({ err: error }, 'job queue: the LISTEN connection failed; polling until it is back');
      if (listener === client) listener = null;
      client.end().catch(() => {});
      setTimeout(
        () => {
          if (!stopped && !listener) listening = listen(url);
        },
        Math.min(pollMs, 1000),
      ).unref();
    });
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
      nudge(); // a job added while the connection was being opened
    } catch (error) {
      client.emit('error', error);
    }
    if (stopped) await unlisten();
  }

  async function unlisten() {
    const client = listener;
    listener = null;
    await client?.end().catch(() => {});
  }

  function nudge() {
    if (wake) wake();
    else nudged = true;
  }

  async function loop() {
    while (!stopped) {
      let ran = false;
      try {
        ran = await runOne();
      } catch (error) {
        logger.warn({ err: error }, 'job queue: could not claim a job');
      }
      if (!ran && !stopped) await sleep(pollMs);
    }
  }

  return {
    /** The handler of a task (one per task, defined before `start`). */
    define(task: string, handler: JobHandler) {
      handlers.set(task, handler);
    },
    add: (job: NewJob) => addJob(db, job),
    /** Starts running due jobs in this process until `stop`. */
    start() {
      if (!stopped) return;
      stopped = false;
      if (options.listenUrl) listening = listen(options.listenUrl);
      running = loop().finally(() => {
        running = null;
      });
    },
    /** Resolves once the LISTEN connection (if any) is set up (tests). */
    whenListening: () => listening,
    /** Something may have been committed: look now rather than at the next poll. */
    nudge,
    /**
     * Deletes jobs done or failed before `before` (the retention sweep): their keys were only needed while
     * the change that added them could still add them again. Returns how many went.
     */
    async pruneFinished(before: Date): Promise<number> {
      return db.$executeRaw`
        DELETE FROM jobs WHERE "doneAt" < ${sqlTime(before)}::timestamp OR "failedAt" < ${sqlTime(before)}::timestamp`;
    },
    /** Runs every job due at `at` (default: now), of these tasks only if given; returns how many ran (tests, scripts). */
    async runDue(at?: Date, tasks?: string[]): Promise<number> {
      let count = 0;
      while (await runOne(at ?? clock(), tasks)) count++;
      return count;
    },
    /** Stops taking jobs and waits for the one being run. */
    async stop() {
      stopped = true;
      wake?.();
      await unlisten();
      if (running) await running;
    },
    get isRunning() {
      return !stopped;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
