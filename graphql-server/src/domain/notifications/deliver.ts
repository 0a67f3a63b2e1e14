import type { Db } from '../../lib/db/client';
import type { EventBus } from '../../lib/events';
import type { JobQueue } from '../jobs/queue';
import { DELIVER_TASK } from './notify';

// The delivery job of one notification (enqueued by notify() in the change's transaction, so it runs only
// once that change has committed): publishes `notification.added` for the recipient's live bell (rule 6).
// A run after the row was deleted (90-day retention, the case deleted) does nothing.

export interface DeliveryDeps {
  db: Db;
  events: EventBus;
  queue: JobQueue;
}

export function defineDeliveryJob(deps: DeliveryDeps) {
  const { db, events, queue } = deps;
  queue.define(DELIVER_TASK, async (payload) => {
    const { notificationId } = payload as { notificationId: number };
    const notification = await db.notification.findUnique({ where: { id: notificationId } });
    if (!notification) return;
    events.publish('notification.added', {
      notificationId: notification.id,
      recipientId: notification.recipientId,
      at: Date.now(),
    });
  });
}
