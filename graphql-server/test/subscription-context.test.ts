import { GraphQLObjectType, GraphQLSchema, GraphQLString, parse } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { subscriptionEvents } from '../src/graphql/subscription-events';
import type { Logger } from '../src/lib/logger';
import { createPushQueue } from '../src/lib/push-queue';

// What a live subscription keeps (graphql/subscription-events.ts): the context it was given, never one
// a plugin cached things on. The start and each event see a copy with the same fields, so per-context
// caches (auth scopes, loaders) last one execution, not the life of an idle socket.

describe('subscription contexts', () => {
  it('the start and each event run with a copy of the context of their own', async () => {
    const events = createPushQueue<string>();
    const seen: Array<{ phase: string; context: Record<string, unknown> }> = [];
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
      subscription: new GraphQLObjectType({
        name: 'Subscription',
        fields: {
          changed: {
            type: GraphQLString,
            subscribe: (_root, _args, context: Record<string, unknown>) => {
              seen.push({ phase: 'start', context });
              return events.iterator;
            },
            resolve: (event: string, _args, context: Record<string, unknown>) => {
              seen.push({ phase: event, context });
              return `${event} for ${String(context.actor)}`;
            },
          },
        },
      }),
    });
    const contextValue = { actor: 'vet 1' };
    const logger = { error: vi.fn() } as unknown as Logger;
    const stream = await subscriptionEvents(
      { schema, document: parse('subscription { changed }'), contextValue },
      logger,
    );
    if (!stream) throw new Error('did not start');
    events.push('a');
    expect((await stream.next()).value).toEqual({ data: { changed: 'a for vet 1' } });
    events.push('b');
    expect((await stream.next()).value).toEqual({ data: { changed: 'b for vet 1' } });
    expect(seen.map((s) => s.phase)).toEqual(['start', 'a', 'b']);
    const contexts = seen.map((s) => s.context);
    expect(new Set([contextValue, ...contexts]).size).toBe(4);
    for (const context of contexts) expect(context).toEqual(contextValue);
    await stream.return?.();
  });
});
