import type { Readable } from 'node:stream';
import type { Actor } from '../../context';
import type { Db } from '../../lib/db/client';
import { conflict, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../lib/storage';
import { shortId } from '../cases/cases.rules';
import { requireActor } from '../cases/cases.service';
import { loadReportData, reportFingerprint } from './report-data';
import { renderReport } from './report-document';
import { createReportRunner } from './report-runner';

// The consultation report of a reviewed case (issue 16): generated after the review commits (see
// report-runner.ts), stored with the storage adapter under reports/<case uuid>/<fingerprint>.pdf, and
// served to whoever may read the case, rendered on demand when the stored one is missing or shows an
// older state (a later revisit, a changed name) or another time zone.

export const DEFAULT_TIME_ZONE = 'America/Toronto';
export const REPORT_NOT_READY = 'The consultation report is available once the case is reviewed';

export const reportPath = (uuid: string) => `/api/cases/${uuid}/report.pdf`;
export const reportFilename = (uuid: string) => `consultation-report-${shortId(uuid)}.pdf`;

export interface ReportsServiceDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** The one read rule of a case and its files (cases.service assertReadable): returns the case id. */
  assertReadable: (actor: Actor | null, ref: string | number) => Promise<number>;
}

export function createReportsService(deps: ReportsServiceDeps) {
  const { db, storage } = deps;
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
      const pdf = await renderReport(data, { timeZone });
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

  const runner = createReportRunner({ db, logger: deps.logger, generate });

  return {
    runner,
    /** Called once the review has committed (cases.service); never throws. */
    afterReview: (caseId: number) => runner.schedule(caseId),
    generate,

    /** GET /api/cases/{uuid}/report.pdf: the report in the reader's time zone, same read rule as files. */
    async openReport(actor: Actor | null, ref: string): Promise<{ filename: string; body: Readable }> {
      const caseId = await deps.assertReadable(actor, ref);
      const kase = await db.case.findUniqueOrThrow({ where: { id: caseId }, select: { uuid: true, status: true } });
      if (kase.status !== 'reviewed') throw conflict(REPORT_NOT_READY);
      const key = await ensure(caseId, await timeZoneOf(requireActor(actor).id));
      return { filename: reportFilename(kase.uuid), body: await storage.get(key) };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
