import { pushEndpointSchema, pushSubscriptionSchema } from '@vetconsult/schema/push';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestInfo } from '../http/session';
import type { Services } from '../services';
import { defineRoute } from './contract';

// Issue 14, "Notify me on this device" over REST: thin wrappers over the push-subscriptions service, the
// twins of GraphQL's pushPublicKey, pushSubscriptionRegistered, registerPushSubscription and
// unregisterPushSubscription. The endpoint rule (https push services only in production) is the
// service's, from schema/src/push.ts.

const tag = 'Notifications';

export function registerPushRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { pushSubscriptions } = services;

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile/push-key',
      tag,
      summary: 'The VAPID public key to subscribe a browser with',
      access: 'signed-in',
      responses: {
        200: {
          description: 'The key, base64url (the applicationServerKey of pushManager.subscribe).',
          json: z.object({ publicKey: z.string() }),
        },
      },
    },
    async (request) => ({ publicKey: await pushSubscriptions.publicKey(request.actor) }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile/push-subscriptions',
      tag,
      summary: 'Whether pushes to a browser reach the caller',
      access: 'signed-in',
      query: pushEndpointSchema,
      responses: {
        200: {
          description: 'false once the push service dropped the subscription or another account took it over.',
          json: z.object({ registered: z.boolean() }),
        },
      },
    },
    async (request) => ({ registered: await pushSubscriptions.isRegistered(request.actor, request.query) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/profile/push-subscriptions',
      tag,
      summary: 'Notify me on this device: register a browser’s push subscription',
      description: 'The body is what PushSubscription.toJSON() gives in the browser (expirationTime is ignored).',
      access: 'signed-in',
      body: { json: pushSubscriptionSchema },
      responses: { 204: { description: 'Registered: pushes reach this browser.', empty: true } },
    },
    async (request, reply) => {
      await pushSubscriptions.register(request.actor, request.body ?? {}, requestInfo(request).userAgent);
      return reply.status(204).send();
    },
  );
  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/profile/push-subscriptions',
      tag,
      summary: 'Stop pushes to a browser',
      access: 'signed-in',
      query: pushEndpointSchema,
      responses: {
        200: {
          description: 'removed is false when the caller had no subscription with this endpoint.',
          json: z.object({ removed: z.boolean() }),
        },
      },
    },
    async (request) => ({ removed: await pushSubscriptions.unregister(request.actor, request.query) }),
  );
}
