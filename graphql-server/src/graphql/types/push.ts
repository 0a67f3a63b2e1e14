import { builder } from '../builder';

// Issue 14, browser push over GraphQL: the same service calls as the REST door
// (rest/push.routes.ts). The service parses the subscription (schema/src/push.ts); a read-only token's
// mutations are refused by the gate (graphql/yoga.ts).

const PushSubscriptionKeysInput = builder.inputType('PushSubscriptionKeysInput', {
  fields: (t) => ({
    p256dh: t.string({ required: true, description: 'The browser’s P-256 public key, base64url.' }),
    auth: t.string({ required: true, description: 'The browser’s 16-byte auth secret, base64url.' }),
  }),
});

const PushSubscriptionInput = builder.inputType('PushSubscriptionInput', {
  description: 'A browser push subscription, as PushSubscription.toJSON() gives it (without expirationTime).',
  fields: (t) => ({
    endpoint: t.string({ required: true, description: 'The push service’s https address for this browser.' }),
    keys: t.field({ type: PushSubscriptionKeysInput, required: true }),
  }),
});

builder.queryFields((t) => ({
  pushPublicKey: t.string({
    description: 'The VAPID public key (base64url) to subscribe a browser with (pushManager.subscribe).',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.pushSubscriptions.publicKey(ctx.actor),
  }),
  pushSubscriptionRegistered: t.boolean({
    description: 'Whether pushes to this endpoint reach the caller (false once the push service dropped it).',
    authScopes: { authenticated: true },
    args: { endpoint: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.pushSubscriptions.isRegistered(ctx.actor, args),
  }),
}));

builder.mutationFields((t) => ({
  registerPushSubscription: t.boolean({
    description: 'Notify me on this device: the caller receives pushes in this browser until it is unregistered.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: PushSubscriptionInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.services.pushSubscriptions.register(ctx.actor, args.input, ctx.request.userAgent);
      return true;
    },
  }),
  unregisterPushSubscription: t.boolean({
    description: 'Stops pushes to this browser; false when the caller had no subscription with this endpoint.',
    authScopes: { authenticated: true },
    args: { endpoint: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.pushSubscriptions.unregister(ctx.actor, args),
  }),
}));
