import { pushEndpointSchema, pushSubscriptionSchemaFor } from '@vetconsult/schema/push';
import type { Db } from '../../lib/db/client';
import { parseInput } from '../../lib/validation';
import type { VapidKeys } from '../../lib/vapid-keys';
import { type Actor, requireActor } from '../actor';

// Issue 14, "Notify me on this device" (Settings › Notifications): the signed-in user registers the push
// subscription their browser made with the server's public key, and removes it when they turn the switch
// off. One service for both doors (GraphQL registerPushSubscription / unregisterPushSubscription, REST
// /api/profile/push-subscriptions). A read-only access token cannot reach these: both doors' gates refuse
// its writes (domain/actor.ts assertMayWrite).

export interface PushSubscriptionsDeps {
  db: Db;
  vapidKeys: { get(): Promise<VapidKeys> };
  /** Accept push endpoints on this machine over http (tests and development; never in production). */
  allowLoopbackEndpoints: boolean;
}

export function createPushSubscriptionsService(deps: PushSubscriptionsDeps) {
  const { db, vapidKeys } = deps;
  const subscriptionSchema = pushSubscriptionSchemaFor({ allowLoopbackHttp: deps.allowLoopbackEndpoints });

  return {
    /** The VAPID public key the browser subscribes with (base64url). */
    async publicKey(actorInput: Actor | null): Promise<string> {
      requireActor(actorInput);
      return (await vapidKeys.get()).publicKey;
    },

    /**
     * Stores this browser's subscription for the caller. The endpoint names the browser: registering it
     * again replaces its keys, and a second account signing in on the same browser takes it over (pushes
     * follow whoever turned the switch on last there).
     */
    async register(actorInput: Actor | null, input: unknown, userAgent?: string): Promise<void> {
      const actor = requireActor(actorInput);
      const { endpoint, keys } = parseInput(subscriptionSchema, input);
      const data = {
        userId: actor.id,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent: userAgent?.slice(0, 512) ?? null,
      };
      await db.pushSubscription.upsert({ where: { endpoint }, create: { endpoint, ...data }, update: data });
    },

    /** Removes the caller's subscription with this endpoint; true when there was one. */
    async unregister(actorInput: Actor | null, input: unknown): Promise<boolean> {
      const actor = requireActor(actorInput);
      const { endpoint } = parseInput(pushEndpointSchema, input);
      const removed = await db.pushSubscription.deleteMany({ where: { endpoint, userId: actor.id } });
      return removed.count > 0;
    },

    /**
     * Whether pushes to this endpoint reach the caller: false once the push service said it is gone, or
     * another account took the browser over. Settings shows the device switch on only then.
     */
    async isRegistered(actorInput: Actor | null, input: unknown): Promise<boolean> {
      const actor = requireActor(actorInput);
      const { endpoint } = parseInput(pushEndpointSchema, input);
      return (await db.pushSubscription.count({ where: { endpoint, userId: actor.id } })) > 0;
    },
  };
}

export type PushSubscriptionsService = ReturnType<typeof createPushSubscriptionsService>;
