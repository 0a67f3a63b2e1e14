import type { Db } from '../../lib/db/client';
import type { Logger } from '../../lib/logger';

// Report generation off the request path. The review's transaction commits first; then `schedule`
// records a pending CaseReport row and hands the case to this small in-process runner, which renders
// one report at a time (rendering is CPU-bound) and records ready or failed on the row.
//
// Seam for the job queue of the notifications issue: `ReportScheduler` is all the rest of the code
// sees. A queue-backed scheduler enqueues `{ caseId }` instead, and its worker calls the same
// `generate` (reports.service.ts); the CaseReport row keeps its meaning.
//
// Crashes: a row still pending at start (the process died between the review and the render) is
// scheduled again by `resumePending`; and the report route renders on demand whatever is missing, so a
// reader never depends on this runner having run.

export interface ReportScheduler {
  /** Records that the case needs its report and starts generating it soon; never throws. */
  schedule(caseId: number): Promise<void>;
}

export interface ReportRunner extends ReportScheduler {
  /** Schedules again the reports left pending by a previous process. */
  resumePending(): Promise<void>;
  /** Resolves once nothing is queued or running (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops taking work and waits for the report being rendered. */
  stop(): Promise<void>;
}

export function createReportRunner(deps: {
  db: Db;
  logger: Logger;
  /** Renders and stores the report; returns its storage key. */
  generate: (caseId: number) => Promise<string>;
}): ReportRunner {
  const { db, logger } = deps;
  const queue: number[] = [];
  let running: Promise<void> | null = null;
  let stopped = false;

  async function runOne(caseId: number) {
    try {
      const storageKey = await deps.generate(caseId);
      await db.caseReport.update({
        where: { caseId },
        data: { status: 'ready', storageKey, generatedAt: new Date(), lastError: null, attempts: { increment: 1 } },
      });
    } catch (error) {
      logger.warn({ err: error, caseId }, 'consultation report generation failed (it is rendered on demand)');
      await db.caseReport
        .update({
          where: { caseId },
          data: {
            status: 'failed',
            lastError: String((error as Error).message ?? error).slice(0, 500),
            attempts: { increment: 1 },
          },
        })
        .catch((err) => logger.warn({ err, caseId }, 'could not record a failed report'));
    }
  }

  function pump() {
    if (running || stopped) return;
    running = (async () => {
      // Yield first: the request that scheduled the report answers before the render starts.
      await new Promise((resolve) => setImmediate(resolve));
      for (let caseId = queue.shift(); caseId !== undefined && !stopped; caseId = queue.shift()) {
        await runOne(caseId);
      }
    })().finally(() => {
      running = null;
      if (queue.length > 0) pump();
    });
  }

  function enqueue(caseId: number) {
    if (!queue.includes(caseId)) queue.push(caseId);
    pump();
  }

  return {
    async schedule(caseId) {
      try {
        await db.caseReport.upsert({
          where: { caseId },
          create: { caseId, status: 'pending' },
          update: { status: 'pending', requestedAt: new Date(), lastError: null },
        });
        enqueue(caseId);
      } catch (error) {
        logger.warn({ err: error, caseId }, 'could not schedule the consultation report');
      }
    },
    async resumePending() {
      const rows = await db.caseReport.findMany({ where: { status: 'pending' }, select: { caseId: true }, take: 500 });
      for (const row of rows) enqueue(row.caseId);
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      queue.length = 0;
      while (running) await running;
    },
  };
}
