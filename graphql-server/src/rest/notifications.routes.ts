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
const unsubscribeQuery = z.object({ token: z.string().describe('The signed token of the link in the e-mail.') });

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · VetConsult</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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

  // One-click unsubscribe (RFC 8058) from a notification e-mail, without signing in. A mail client POSTs
  // `List-Unsubscribe=One-Click` (form-encoded) to the link; a person opening it gets a confirmation page
  // whose button POSTs the same. Its own scope: only these routes read form-encoded bodies.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    defineRoute(
      scope,
      {
        method: 'GET',
        url: '/api/notifications/unsubscribe',
        tag,
        summary: 'The confirmation page of an unsubscribe link',
        access: 'public',
        query: unsubscribeQuery,
        responses: { 200: { description: 'A small HTML page with the confirm button.', file: ['text/html'] } },
        errors: [400],
      },
      async (request, reply) => {
        const { label } = notifications.unsubscribeCategory(request.query.token);
        const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token ?? '')}`;
        return reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Unsubscribe',
              `<p>Stop receiving ${escapeHtml(label)} by e-mail?</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form><p>You can turn them back on in Settings › Notifications.</p>`,
            ),
          );
      },
    );
    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        tag,
        summary: 'One-click unsubscribe (RFC 8058): turns off the link’s category, no session needed',
        access: 'public',
        query: unsubscribeQuery,
        responses: { 200: { description: 'A small HTML page saying it is done.', file: ['text/html'] } },
        errors: [400],
      },
      async (request, reply) => {
        const { label } = await notifications.unsubscribe(request.query.token);
        return reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Unsubscribed',
              `<p>You will no longer receive ${escapeHtml(label)} by e-mail.</p><p>You can turn them back on in Settings › Notifications.</p>`,
            ),
          );
      },
    );
  });
}
