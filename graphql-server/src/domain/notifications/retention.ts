import type { Db } from '../../lib/db/client';
import type { JobQueue } from '../jobs/queue';
import { forgetSentMails } from './account-mails';
import type { NotificationsService } from './notifications.service';

// Retention (issue 14): in-app notifications are kept 90 days, and so are the finished jobs and the
// account mails' send records (their keys matter only while a job could run again). A scheduled job (not
// a timer) runs once a day: it deletes what has expired as of its run time and schedules the next day's
// run (its key names the day, so several instances starting together schedule it once).

export const RETENTION_TASK = 'notifications.retention';
const DAY_MS = 24 * 60 * 60 * 1000;

const dayKey = (at: Date) => `${RETENTION_TASK}:${at.toISOString().slice(0, 10)}`;

export function defineRetentionJob(deps: { db: Db; queue: JobQueue; notifications: NotificationsService }) {
  const { db, queue, notifications } = deps;
  queue.define(RETENTION_TASK, async (_payload, { now }) => {
    const before = await notifications.deleteExpired(now);
    await queue.pruneFinished(before);
    await forgetSentMails(db, before);
    const next = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
    await queue.add({ task: RETENTION_TASK, payload: {}, key: dayKey(next), runAt: next });
  });
  return {
    /** Makes sure today's run is scheduled (called when the runner starts). */
    schedule: (at: Date) => queue.add({ task: RETENTION_TASK, payload: {}, key: dayKey(at), runAt: at }),
  };
}
