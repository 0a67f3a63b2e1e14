import { NOTIFICATION_KINDS } from '@vetconsult/schema/notifications';
import type { NotificationsPage, NotificationView } from '../../domain/notifications/notifications.service';
import { notificationEventKey, receivesNotification } from '../../domain/realtime/realtime.rules';
import { notFound } from '../../lib/errors';
import type { NotificationAdded } from '../../lib/events';
import { builder } from '../builder';

// In-app notifications (issue 14) over GraphQL: the same service calls as the REST door
// (rest/notifications.routes.ts). Every read is of the caller's own notifications.

const NotificationKindEnum = builder.enumType('NotificationKind', { values: NOTIFICATION_KINDS });

const NotificationType = builder.objectRef<NotificationView>('Notification').implement({
  description: 'An in-app notification of the signed-in user (kept 90 days).',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.expose('kind', { type: NotificationKindEnum }),
    text: t.exposeString('text'),
    caseUuid: t.string({ nullable: true, resolve: (n) => n.case?.uuid ?? null }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    readAt: t.expose('readAt', { type: 'DateTime', nullable: true }),
  }),
});

const NotificationsPageType = builder.objectRef<NotificationsPage>('NotificationsPage').implement({
  fields: (t) => ({
    unreadCount: t.exposeInt('unreadCount'),
    items: t.field({ type: [NotificationType], description: 'Newest first.', resolve: (page) => page.items }),
  }),
});

builder.queryFields((t) => ({
  myNotifications: t.field({
    type: NotificationsPageType,
    authScopes: { authenticated: true },
    description: 'The signed-in user’s newest notifications and unread count.',
    args: { first: t.arg.int({ defaultValue: 20 }) },
    resolve: (_root, args, ctx) => ctx.services.notifications.myNotifications(ctx.actor, { first: args.first }),
  }),
}));

builder.mutationFields((t) => ({
  markNotificationsRead: t.int({
    authScopes: { authenticated: true },
    description:
      'Marks these of my notifications read (all of mine when ids is omitted or null); my unread count after.',
    args: { ids: t.arg.idList() },
    resolve: (_root, args, ctx) => ctx.services.notifications.markRead(ctx.actor, { ids: args.ids ?? null }),
  }),
  markCaseNotificationsRead: t.int({
    authScopes: { authenticated: true },
    description:
      'Marks my notifications about a case read (the case page calls it when it opens); my unread count after.',
    args: { caseUuid: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.notifications.markCaseRead(ctx.actor, { caseUuid: args.caseUuid }),
  }),
}));

builder.subscriptionFields((t) => ({
  notificationAdded: t.field({
    type: NotificationType,
    authScopes: { authenticated: true },
    description: 'Each new notification of the signed-in user.',
    subscribe: (_root, _args, ctx) =>
      ctx.events.subscribe(
        'notification.added',
        (event) => receivesNotification(ctx.actor, event),
        notificationEventKey(ctx.actor),
      ),
    resolve: async (event: NotificationAdded, _args, ctx) => {
      const notification = await ctx.services.notifications.ownNotification(ctx.actor, event.notificationId);
      if (!notification) throw notFound('Notification not found');
      return notification;
    },
  }),
}));
