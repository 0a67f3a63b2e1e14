import { GraphQLObjectType, GraphQLSchema, GraphQLString, parse } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { subscriptionEvents } from '../src/graphql/subscription-events';
import { DomainError } from '../src/lib/errors';
import type { Logger } from '../src/lib/logger';
import { activeSubscriptions } from '../src/lib/metrics';
import { createPushQueue } from '../src/lib/push-queue';

// A WebSocket subscription executed event by event (graphql/subscription-events.ts): each event runs
// the field's resolver with the event as root, errors are masked as Yoga masks them, the live count
// follows the subscription, and a start that fails is left to Yoga (null).

const events = createPushQueue<string>();
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      changed: {
        type: GraphQLString,
        args: { deny: { type: GraphQLString } },
        subscribe: (_root, args: { deny?: string }) => {
          if (args.deny) throw new DomainError('FORBIDDEN', 'Not allowed');
          return events.iterator;
        },
        resolve: (event: string) => {
          if (event === 'domain') throw new DomainError('NOT_FOUND', 'Case not found');
          if (event === 'internal') throw new Error('connection refused to 10.0.0.3');
          return event.toUpperCase();
        },
      },
    },
  }),
});

const liveCount = async () => (await activeSubscriptions.get()).values[0]?.value ?? 0;

describe('subscription events', () => {
  it('executes each event with the event as root; masks internal errors and keeps domain ones', async () => {
    const logger = { error: vi.fn() } as unknown as Logger;
    const before = await liveCount();
    const stream = await subscriptionEvents({ schema, document: parse('subscription { changed }') }, logger);
    if (!stream) throw new Error('did not start');
    expect(await liveCount()).toBe(before + 1);

    events.push('accepted');
    expect((await stream.next()).value).toEqual({ data: { changed: 'ACCEPTED' } });

    events.push('domain');
    const domain = (await stream.next()).value;
    expect(domain.errors?.[0]?.message).toBe('Case not found');
    expect(domain.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    events.push('internal');
    const internal = (await stream.next()).value;
    expect(internal.errors?.[0]?.message).toBe('Unexpected error.');
    expect(internal.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    expect(JSON.stringify(internal)).not.toContain('10.0.0.3');
    expect(logger.error).toHaveBeenCalledTimes(1);

    await stream.return?.();
    expect(await liveCount()).toBe(before);
    // Ending the subscription ends its source (the event bus listener).
    expect(events.push('late')).toBe(false);
  });

  it('a start that fails is not started here (null): Yoga answers it', async () => {
    const logger = { error: vi.fn() } as unknown as Logger;
    const before = await liveCount();
    const document = parse('subscription { changed(deny: "yes") }');
    expect(await subscriptionEvents({ schema, document }, logger)).toBeNull();
    expect(await liveCount()).toBe(before);
  });
});
