import type { Readable } from 'node:stream';
import type { Db } from '../../lib/db/client';
import { conflict, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../lib/storage';
import { type Actor, requireActor } from '../actor';
import { readableCase } from '../cases/case-access';
import { shortId } from '../cases/cases.rules';
import { createJobRunner } from '../jobs/runner';
import { loadReportData, reportFingerprint } from './report-data';
import type { renderReport } from './report-document';

// The consultation report of a reviewed case (issue 16): generated in the background once the review
// commits, stored with the storage adapter under reports/<case uuid>/<fingerprint>.pdf, and served to
// whoever may read the case, rendered on demand when the stored one is missing or shows an older state
// (a later revisit, a changed name) or another time zone.
//
// Background generation: `afterReview` records a pending CaseReport row and queues the case on the job
// runner, which records ready or failed on the row. A row still pending at start (the process died
// between the review and the render) is queued again by `runner.resumePending`; and the report route
// renders on demand whatever is missing, so a reader never depends on the runner having run.

export const DEFAULT_TIME_ZONE = 'America/Toronto';
export const REPORT_NOT_READY = 'The consultation report is available once the case is reviewed';

export const reportFilename = (uuid: string) => `consultation-report-${shortId(uuid)}.pdf`;

export interface ReportsServiceDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** renderReport, run on a render-pool thread (~0.1-1 s of CPU: never on the event loop, renders.ts). */
  renders: { report: typeof renderReport };
}

export function createReportsService(deps: ReportsServiceDeps) {
  const { db, storage, logger, renders } = deps;
  // One render per key at a time, however many readers ask for it together.
  const rendering = new Map<string, Promise<string>>();

  /** Renders the report of a reviewed case for a time zone unless stored already; returns its key. */
  async function ensure(caseId: number, timeZone: string): Promise<string> {
    const data = await loadReportData(db, caseId);
    if (!data) throw notFound('Case not found');
    const key = `reports/${data.uuid}/${reportFingerprint(data, timeZone)}.pdf`;
    const inFlight = rendering.get(key);
    if (inFlight) return inFlight;
    const job = (async () => {
      if (await storage.exists(key)) return key;
      const pdf = await renders.report(data, { timeZone });
      await storage.put(key, pdf, 'application/pdf');
      return key;
    })().finally(() => rendering.delete(key));
    rendering.set(key, job);
    return job;
  }

  async function timeZoneOf(userId: number): Promise<string> {
    const user = await db.user.findUnique({ where: { id: userId }, select: { timezone: true } });
    return user?.timezone || DEFAULT_TIME_ZONE;
  }

  /** Background generation: the report as the case's veterinarian (its first reader) will read it. */
  async function generate(caseId: number): Promise<string> {
    const kase = await db.case.findUnique({ where: { id: caseId }, select: { vetId: true, status: true } });
    if (!kase) throw notFound('Case not found');
    if (kase.status !== 'reviewed') throw conflict(REPORT_NOT_READY);
    return ensure(caseId, await timeZoneOf(kase.vetId));
  }

  const runner = createJobRunner<number>({
    async run(caseId) {
      const storageKey = await generate(caseId);
      await db.caseReport.update({
        where: { caseId },
        data: { status: 'ready', storageKey, generatedAt: new Date(), lastError: null, attempts: { increment: 1 } },
      });
    },
    async failed(error, caseId) {
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
    },
    pending: async () =>
      (await db.caseReport.findMany({ where: { status: 'pending' }, select: { caseId: true }, take: 500 })).map(
        (row) => row.caseId,
      ),
  });

  return {
    runner,

    /** Called once the review has committed (case-lifecycle): the report is due; never throws. */
    async afterReview(caseId: number): Promise<void> {
      try {
        await db.caseReport.upsert({
          where: { caseId },
          create: { caseId, status: 'pending' },
          update: { status: 'pending', requestedAt: new Date(), lastError: null },
        });
        runner.add(caseId);
      } catch (error) {
        logger.warn({ err: error, caseId }, 'could not schedule the consultation report');
      }
    },

    /** GET /api/cases/{uuid}/report.pdf: the report in the reader's time zone, same read rule as files. */
    async openReport(actor: Actor | null, ref: string): Promise<{ filename: string; body: Readable }> {
      const kase = await readableCase(db, actor, ref, { select: { id: true, uuid: true, status: true } });
      if (kase.status !== 'reviewed') throw conflict(REPORT_NOT_READY);
      const key = await ensure(kase.id, await timeZoneOf(requireActor(actor).id));
      return { filename: reportFilename(kase.uuid), body: await storage.get(key) };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
