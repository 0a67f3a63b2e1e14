import {
  type MarkNotificationsReadInput,
  markCaseNotificationsReadSchema,
  markNotificationsReadSchema,
  NOTIFICATION_RETENTION_DAYS,
  notificationsPageSchema,
} from '@vetconsult/schema/notifications';
import type { Notification } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import { CATEGORY_LABELS, type Category, readUnsubscribeToken } from './unsubscribe';

// The in-app notification centre (issue 14): one's own notifications, newest first, with the unread
// count; marking them read (some, all, or those of one case). Every read and write is of the caller's
// own rows only (recipientId = actor): another user's ids are simply not matched. Both doors (GraphQL and
// REST) call these.

export type NotificationView = Notification & { case: { uuid: string } | null };

export interface NotificationsPage {
  unreadCount: number;
  items: NotificationView[];
}

const withCase = { case: { select: { uuid: true } } } as const;

export function createNotificationsService(deps: { db: Db; secret: string; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const unreadCount = (recipientId: number) => db.notification.count({ where: { recipientId, readAt: null } });

  return {
    async myNotifications(actor: Actor | null, input: unknown = {}): Promise<NotificationsPage> {
      const who = requireActor(actor);
      const { first } = parseInput(notificationsPageSchema, input ?? {});
      const [items, unread] = await Promise.all([
        db.notification.findMany({
          where: { recipientId: who.id },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: first,
          include: withCase,
        }),
        unreadCount(who.id),
      ]);
      return { unreadCount: unread, items };
    },

    /** Marks some of mine (ids) or all of mine (no ids) read; returns my unread count after. */
    async markRead(actor: Actor | null, input: unknown): Promise<number> {
      const who = requireActor(actor);
      const { ids }: MarkNotificationsReadInput = parseInput(markNotificationsReadSchema, input ?? {});
      await db.notification.updateMany({
        where: { recipientId: who.id, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
        data: { readAt: now() },
      });
      return unreadCount(who.id);
    },

    /** Opening a case marks my notifications about it read; returns my unread count after. */
    async markCaseRead(actor: Actor | null, input: unknown): Promise<number> {
      const who = requireActor(actor);
      const { caseUuid } = parseInput(markCaseNotificationsReadSchema, input);
      await db.notification.updateMany({
        where: { recipientId: who.id, readAt: null, case: { uuid: caseUuid.toLowerCase() } },
        data: { readAt: now() },
      });
      return unreadCount(who.id);
    },

    /** The notification a `notification.added` event names, if it is the subscriber's own. */
    async ownNotification(actor: Actor | null, id: number): Promise<NotificationView | null> {
      const who = requireActor(actor);
      return db.notification.findFirst({ where: { id, recipientId: who.id }, include: withCase });
    },

    /** What a one-click unsubscribe link would turn off (its GET page); a bad token is a 400. */
    unsubscribeCategory(token: unknown): { category: Category; label: string } {
      const { category } = readUnsubscribeToken(deps.secret, token);
      return { category, label: CATEGORY_LABELS[category] };
    },

    /** One-click unsubscribe (RFC 8058), without a session: turns off only the token's category. */
    async unsubscribe(token: unknown): Promise<{ category: Category; label: string }> {
      const { userId, category } = readUnsubscribeToken(deps.secret, token);
      await db.user.updateMany({ where: { id: userId }, data: { [category]: false } });
      return { category, label: CATEGORY_LABELS[category] };
    },

    /** Retention: deletes notifications older than 90 days before `at`; returns how many. */
    /** Deletes the notifications older than the retention period as of `at`; returns that cut-off. */
    async deleteExpired(at: Date): Promise<Date> {
      const before = new Date(at.getTime() - NOTIFICATION_RETENTION_DAYS * 24 * 60 * 60 * 1000);
      await db.notification.deleteMany({ where: { createdAt: { lt: before } } });
      return before;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
