import type { Db } from '../../lib/db/client';
import type { JobQueue } from '../jobs/queue';
import { notify } from './notify';

// Reminders (issue 14, the notifyReminders switch), as scheduled jobs of the durable queue, never timers:
// - a pending case not accepted `pendingMs` after its activation (default 4 h, REMINDER_PENDING_HOURS):
//   one job per case, keyed `reminder.pending:<case>`, scheduled (run_at = activation + delay) by the
//   delivery of its case_assigned notification; when it runs, a case still pending with that specialist
//   gets one reminder_pending notification;
// - a draft untouched for `draftMs` (default 3 days, REMINDER_DRAFT_DAYS): an hourly sweep job finds the
//   drafts last saved before its run time minus the delay and notifies their veterinarians.
// The notification's dedupeKey (`reminder_pending:<case>`, `reminder_draft:<case>`) makes it at most one
// reminder per case and kind, whatever runs twice.

export const PENDING_REMINDER_TASK = 'reminder.pending';
export const DRAFT_REMINDER_TASK = 'reminder.drafts';
const HOUR_MS = 60 * 60 * 1000;

export function defineReminderJobs(deps: { db: Db; queue: JobQueue; pendingMs: number; draftMs: number }) {
  const { db, queue } = deps;

  queue.define(PENDING_REMINDER_TASK, async (payload) => {
    const { caseId, specialistId } = payload as { caseId: number; specialistId: number };
    await db.$transaction(async (tx) => {
      const kase = await tx.case.findUnique({ where: { id: caseId }, select: { status: true, specialistId: true } });
      if (kase?.status !== 'pending' || kase.specialistId !== specialistId) return;
      await notify(tx, { type: 'reminder_pending', caseId });
    });
  });

  const sweepKey = (at: Date) =>
    `${DRAFT_REMINDER_TASK}:${new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString()}`;
  queue.define(DRAFT_REMINDER_TASK, async (_payload, { now }) => {
    const stale = await db.case.findMany({
      where: { status: 'draft', updatedAt: { lt: new Date(now.getTime() - deps.draftMs) } },
      select: { id: true },
      take: 500,
    });
    for (const { id } of stale) await db.$transaction((tx) => notify(tx, { type: 'reminder_draft', caseId: id }));
    const next = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
    await queue.add({ task: DRAFT_REMINDER_TASK, payload: {}, key: sweepKey(next), runAt: next });
  });

  return {
    /** Schedules the pending reminder of a case assigned at `activatedAt` (once per case). */
    schedulePending: (caseId: number, specialistId: number, activatedAt: Date) =>
      queue.add({
        task: PENDING_REMINDER_TASK,
        payload: { caseId, specialistId },
        key: `${PENDING_REMINDER_TASK}:${caseId}`,
        runAt: new Date(activatedAt.getTime() + deps.pendingMs),
      }),
    /** Makes sure this hour's draft sweep is scheduled (called when the runner starts). */
    scheduleSweep: (at: Date) => queue.add({ task: DRAFT_REMINDER_TASK, payload: {}, key: sweepKey(at), runAt: at }),
  };
}
