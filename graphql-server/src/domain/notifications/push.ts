import webPush from 'web-push';
import type { PushSubscription } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import type { Logger } from '../../lib/logger';
import type { VapidKeys } from '../../lib/vapid-keys';

// Issue 14, browser push: sends one message to every browser a user turned "Notify me on this device" on
// in. The payload is encrypted for each browser (RFC 8291, aes128gcm) and signed with the VAPID key
// (RFC 8292) by the web-push package; the request itself goes out through fetch, so that a push service
// that answers a redirect is not followed and a slow one is cut off. A push service answering 404 or 410
// says the subscription is gone (the person revoked the permission, the browser dropped it): its row is
// removed. Any other failure is logged and the subscription kept; the caller (the notification delivery
// job) is not failed, so a dead browser never holds up the e-mail and in-app copies.

export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export interface PushSender {
  send(userId: number, message: PushMessage): Promise<{ delivered: number; removed: number }>;
}

export interface PushSenderDeps {
  db: Db;
  logger: Logger;
  /** The VAPID pair, loaded once (lib/vapid-keys.ts createVapidKeyStore). */
  vapidKeys: { get(): Promise<VapidKeys> };
  /** How long a push service may take to answer; default 10 s. */
  timeoutMs?: number;
}

/** How long a push service keeps a message for a browser that is offline: a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Push services accept about 4 KB of encrypted payload; a long body is cut well before that. */
export const PUSH_BODY_MAX = 600;

/** The JSON the service worker (web/public/sw.js) reads from each push. */
export function pushPayload(message: PushMessage): string {
  const body = message.body.length > PUSH_BODY_MAX ? `${message.body.slice(0, PUSH_BODY_MAX - 1)}…` : message.body;
  return JSON.stringify({ title: message.title, body, url: message.url, tag: message.tag });
}

type Outcome = 'delivered' | 'removed' | 'failed';

export function createPushSender(deps: PushSenderDeps): PushSender {
  const { db, logger, vapidKeys } = deps;
  const timeoutMs = deps.timeoutMs ?? 10_000;

  async function deliver(subscription: PushSubscription, payload: string, keys: VapidKeys): Promise<Outcome> {
    let request: ReturnType<typeof webPush.generateRequestDetails>;
    try {
      request = webPush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: keys,
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (error) {
      // A key the browser gave that is not a point on the curve: nothing can ever be sent to it.
      logger.warn({ err: error, subscriptionId: subscription.id }, 'push message could not be encrypted');
      return 'failed';
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    let status: number;
    try {
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      logger.warn({ err: error, subscriptionId: subscription.id }, 'push service could not be reached');
      return 'failed';
    }
    if (status >= 200 && status < 300) return 'delivered';
    if (status === 404 || status === 410) {
      // Only this row as it was read: the same endpoint registered again since then is kept.
      await db.pushSubscription.deleteMany({ where: { id: subscription.id, endpoint: subscription.endpoint } });
      return 'removed';
    }
    logger.warn({ status, subscriptionId: subscription.id }, 'push service refused a message');
    return 'failed';
  }

  return {
    async send(userId, message) {
      const subscriptions = await db.pushSubscription.findMany({ where: { userId }, orderBy: { id: 'asc' } });
      if (subscriptions.length === 0) return { delivered: 0, removed: 0 };
      const keys = await vapidKeys.get();
      const payload = pushPayload(message);
      const outcomes = await Promise.all(subscriptions.map((subscription) => deliver(subscription, payload, keys)));
      return {
        delivered: outcomes.filter((outcome) => outcome === 'delivered').length,
        removed: outcomes.filter((outcome) => outcome === 'removed').length,
      };
    },
  };
}
