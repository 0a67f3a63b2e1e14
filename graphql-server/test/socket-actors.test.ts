import { describe, expect, it } from 'vitest';
import type { Actor } from '../src/domain/actor';
import { createSocketActorCache } from '../src/graphql/socket-actors';
import { createEventBus } from '../src/lib/events';

// The session -> actor cache of WebSocket set-up: one lookup per session in a storm, and sign-out
// (sessions.ended) takes effect at once.

const actor = (id: number, sessionId: string): Actor => ({
  id,
  role: 'VETERINARIAN',
  approved: true,
  specialty: null,
  sessionId,
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(sessions: Map<string, Actor>) {
  const bus = createEventBus();
  let lookups = 0;
  let clock = 0;
  const cache = createSocketActorCache({
    lookup: async (token) => {
      lookups++;
      return sessions.get(token) ?? null;
    },
    events: bus,
    ttlMs: 5000,
    now: () => clock,
  });
  return {
    bus,
    cache,
    lookups: () => lookups,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('socket actor cache', () => {
  it('1,000 sockets of one session cost one lookup; another session its own', async () => {
    const { cache, lookups } = setup(
      new Map([
        ['a', actor(1, 's1')],
        ['b', actor(2, 's2')],
      ]),
    );
    const actors = await Promise.all(Array.from({ length: 1000 }, () => cache.actorOf('a')));
    expect(new Set(actors.map((a) => a?.id))).toEqual(new Set([1]));
    expect(lookups()).toBe(1);
    expect((await cache.actorOf('b'))?.id).toBe(2);
    expect(lookups()).toBe(2);
  });

  it('an entry lives for the TTL only', async () => {
    const { cache, lookups, advance } = setup(new Map([['a', actor(1, 's1')]]));
    await cache.actorOf('a');
    advance(4999);
    await cache.actorOf('a');
    expect(lookups()).toBe(1);
    advance(2);
    await cache.actorOf('a');
    expect(lookups()).toBe(2);
  });

  it('a signed-out session is looked up again at once (and found ended); other users keep theirs', async () => {
    const sessions = new Map([
      ['a', actor(1, 's1')],
      ['b', actor(2, 's2')],
    ]);
    const { bus, cache, lookups } = setup(sessions);
    await cache.actorOf('a');
    await cache.actorOf('b');
    sessions.delete('a');
    bus.publish('sessions.ended', { userId: 1, sessionId: 's1', at: Date.now() });
    await tick();
    expect(await cache.actorOf('a')).toBeNull();
    expect(lookups()).toBe(3);
    expect((await cache.actorOf('b'))?.id).toBe(2);
    expect(lookups()).toBe(3);
  });

  it('a lookup in flight when its user signs out is not kept', async () => {
    const sessions = new Map([['a', actor(1, 's1')]]);
    const { bus, cache, lookups } = setup(sessions);
    const pending = cache.actorOf('a');
    bus.publish('sessions.ended', { userId: 1, at: Date.now() });
    sessions.delete('a');
    await pending;
    await tick();
    expect(await cache.actorOf('a')).toBeNull();
    expect(lookups()).toBe(2);
  });

  it('no session is not cached: signing in takes effect at once', async () => {
    const sessions = new Map<string, Actor>();
    const { cache } = setup(sessions);
    expect(await cache.actorOf('a')).toBeNull();
    sessions.set('a', actor(1, 's1'));
    expect((await cache.actorOf('a'))?.id).toBe(1);
    expect(await cache.actorOf(null)).toBeNull();
  });
});
