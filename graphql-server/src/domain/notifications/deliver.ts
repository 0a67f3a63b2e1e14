import type { Db } from '../../lib/db/client';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail';
import type { JobQueue } from '../jobs/queue';
import type { renderNotificationMail } from './emails';
import { DELIVER_TASK, firstLineOf } from './notify';
import type { PushSender } from './push';
import { CATEGORY_LABELS, CATEGORY_OF, unsubscribeToken } from './unsubscribe';

// The delivery job of one notification (enqueued by notify() in the change's transaction, so it runs only
// once that change has committed):
// 1. publishes `notification.added` for the recipient's live bell (rule 6; harmless if repeated);
// 2. when the recipient's switch for the category is on (checked now, on the server): the e-mail, then
//    the browser push (the optional `push` dependency). Each channel is recorded in
//    notification_deliveries once it is sent, and a channel already recorded is skipped: a job that runs
//    again (a retry after a later step failed, a runner that died after sending) sends nothing twice.
//    A failure throws, so the queue retries the job with backoff.
// A run after the row was deleted (90-day retention, the case deleted) does nothing.

export interface DeliveryDeps {
  db: Db;
  events: EventBus;
  queue: JobQueue;
  mailer: Mailer;
  logger: Logger;
  /** renderNotificationMail, run on a render-pool thread (renders.ts). */
  renders: { notificationMail: typeof renderNotificationMail };
  publicUrl: string;
  secret: string;
  /** Browser push (push.ts), sent when the recipient's switch for the category is on. */
  push?: PushSender;
  /** A case assigned to a specialist gets its pending reminder scheduled (reminders.ts). */
  schedulePendingReminder?: (caseId: number, specialistId: number, activatedAt: Date) => Promise<unknown>;
}

/** The absolute URL of a case in the app (a draft opens in the consult form). */
export function caseUrl(publicUrl: string, kase: { uuid: string; status: string }): string {
  const base = publicUrl.replace(/\/$/, '');
  return kase.status === 'draft' || kase.status === 'pending_payment'
    ? `${base}/consults/new?draft=${kase.uuid}`
    : `${base}/consults/${kase.uuid}`;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function defineDeliveryJob(deps: DeliveryDeps) {
  const { db, events, queue } = deps;

  async function delivered(notificationId: number, channel: string) {
    return (await db.notificationDelivery.count({ where: { notificationId, channel } })) > 0;
  }
  async function record(notificationId: number, channel: string) {
    await db.notificationDelivery.createMany({ data: [{ notificationId, channel }], skipDuplicates: true });
  }

  queue.define(DELIVER_TASK, async (payload) => {
    const { notificationId } = payload as { notificationId: number };
    const notification = await db.notification.findUnique({
      where: { id: notificationId },
      include: {
        recipient: {
          select: { id: true, email: true, notifyNewCases: true, notifyStatusUpdates: true, notifyReminders: true },
        },
        case: { select: { uuid: true, status: true, patientName: true, summary: true, activatedAt: true } },
      },
    });
    if (!notification) return;
    events.publish('notification.added', {
      notificationId: notification.id,
      recipientId: notification.recipientId,
      at: Date.now(),
    });
    if (notification.kind === 'case_assigned' && notification.case?.activatedAt) {
      await deps.schedulePendingReminder?.(
        notification.caseId ?? 0,
        notification.recipientId,
        notification.case.activatedAt,
      );
    }
    const category = CATEGORY_OF[notification.kind];
    const { recipient, case: kase } = notification;
    if (!recipient[category] || !kase) return;
    const url = caseUrl(deps.publicUrl, kase);

    if (!(await delivered(notification.id, 'email'))) {
      const unsubscribe = unsubscribeUrl(deps.publicUrl, unsubscribeToken(deps.secret, recipient.id, category));
      const summaryLines =
        notification.kind === 'case_reviewed'
          ? (kase.summary ?? '')
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean)
              .slice(0, 3)
          : undefined;
      const mail = await deps.renders.notificationMail(notification.kind, {
        text: notification.text,
        patient: kase.patientName?.trim() || 'your patient',
        caseUrl: url,
        ...(summaryLines ? { summaryLines } : {}),
        unsubscribe: { url: unsubscribe, category: CATEGORY_LABELS[category] },
      });
      await deps.mailer.send({
        to: recipient.email,
        ...mail,
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await record(notification.id, 'email');
    }

    if (deps.push && !(await delivered(notification.id, 'push'))) {
      await deps.push.send(recipient.id, {
        title: 'VetConsult',
        body: notification.kind === 'case_reviewed' ? notification.text : firstLineOf(notification.text, 200),
        url,
        tag: `case-${kase.uuid}`,
      });
      await record(notification.id, 'push');
    }
  });
}
