import {
  markNotificationsReadSchema,
  NOTIFICATION_KINDS,
  notificationsPageSchema,
} from '@vetconsult/schema/notifications';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { NotificationView } from '../domain/notifications/notifications.service';
import type { Services } from '../services';
import { defineRoute } from './contract';

// In-app notifications (issue 14) over REST: thin wrappers over the notifications service, as the
// GraphQL door (graphql/types/notifications.ts). Every read and write is of the caller's own only.

export const notificationViewSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    text: z.string(),
    caseUuid: z.string().nullable(),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Notification' });

export const toNotificationView = (n: NotificationView): z.infer<typeof notificationViewSchema> => ({
  id: n.id,
  kind: n.kind,
  text: n.text,
  caseUuid: n.case?.uuid ?? null,
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt?.toISOString() ?? null,
});

const tag = 'Notifications';
const unread = z.object({ unreadCount: z.number().int() });

export function registerNotificationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { notifications } = services;

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/notifications',
      tag,
      summary: 'My newest notifications and unread count',
      access: 'signed-in',
      query: notificationsPageSchema,
      responses: {
        200: {
          description: 'Newest first.',
          json: unread.extend({ items: z.array(notificationViewSchema) }).meta({ id: 'NotificationsPage' }),
        },
      },
      errors: [400],
    },
    async (request) => {
      const page = await notifications.myNotifications(request.actor, request.query);
      return { unreadCount: page.unreadCount, items: page.items.map(toNotificationView) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/notifications/read',
      tag,
      summary: 'Mark my notifications read (these ids, or all of mine)',
      access: 'signed-in',
      body: { json: markNotificationsReadSchema, required: false },
      responses: { 200: { description: 'My unread count after.', json: unread } },
      errors: [400],
    },
    async (request) => ({ unreadCount: await notifications.markRead(request.actor, request.body ?? {}) }),
  );
}
