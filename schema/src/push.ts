import { z } from 'zod';
import { text } from './text';

// Issue 14, browser push: the one copy of what a browser's push subscription must look like, parsed by
// the push-subscriptions service for both doors (GraphQL registerPushSubscription, REST
// /api/profile/push-subscriptions). The browser hands the subscription over (PushSubscription.toJSON());
// the server later POSTs encrypted messages to its endpoint, so the endpoint is also an outbound address
// the server calls: outside tests it must be an https address with a host name, never this machine.

export const PUSH_ENDPOINT_MAX = 2048;

export const PUSH_ENDPOINT_INVALID = 'The push endpoint must be the https address of a browser push service';
export const PUSH_KEY_INVALID = 'The push subscription’s p256dh key must be a P-256 public key (65 bytes, base64url)';
export const PUSH_AUTH_INVALID = 'The push subscription’s auth secret must be 16 bytes, base64url';

// base64url of 65 bytes (an uncompressed point starts with 0x04, so its first character is 'B'), with or
// without padding; of 16 bytes: 22 characters (24 padded).
const P256DH = /^B[A-Za-z0-9_-]{86}={0,1}$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

export interface PushEndpointRules {
  /** Accept http://127.0.0.1 and http://localhost (tests and development run a push endpoint locally). */
  allowLoopbackHttp: boolean;
}

/** Whether the server may send to this address: https and a host name, or loopback http where allowed. */
export function isAcceptablePushEndpoint(endpoint: string, rules: PushEndpointRules): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (rules.allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname)) {
    return url.protocol === 'http:' || url.protocol === 'https:';
  }
  return url.protocol === 'https:' && !IP_LITERAL.test(url.hostname) && !LOOPBACK_HOSTS.has(url.hostname);
}

const endpointSchema = (rules: PushEndpointRules) =>
  text({ error: PUSH_ENDPOINT_INVALID })
    .max(PUSH_ENDPOINT_MAX, { error: PUSH_ENDPOINT_INVALID })
    .refine((endpoint) => isAcceptablePushEndpoint(endpoint, rules), { error: PUSH_ENDPOINT_INVALID });

/** A subscription to register, as PushSubscription.toJSON() gives it (expirationTime is ignored). */
export const pushSubscriptionSchemaFor = (rules: PushEndpointRules) =>
  z.object({
    endpoint: endpointSchema(rules),
    keys: z.object(
      {
        p256dh: z.string({ error: PUSH_KEY_INVALID }).regex(P256DH, { error: PUSH_KEY_INVALID }),
        auth: z.string({ error: PUSH_AUTH_INVALID }).regex(AUTH, { error: PUSH_AUTH_INVALID }),
      },
      { error: PUSH_KEY_INVALID },
    ),
  });

/** The endpoint of a subscription to remove: any text up to the limit (an unknown one removes nothing). */
export const pushEndpointSchema = z.object({
  endpoint: text({ error: PUSH_ENDPOINT_INVALID })
    .min(1, { error: PUSH_ENDPOINT_INVALID })
    .max(PUSH_ENDPOINT_MAX, { error: PUSH_ENDPOINT_INVALID }),
});

/** The production rule (what the API documents): https push services only. */
export const pushSubscriptionSchema = pushSubscriptionSchemaFor({ allowLoopbackHttp: false });
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
