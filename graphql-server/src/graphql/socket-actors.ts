import type { Actor } from '../domain/actor';
import { isEndedSession } from '../domain/realtime/realtime.rules';
import type { EventBus } from '../lib/events';

// Who opens a WebSocket: the session cookie's actor, looked up once per token for a few seconds, so a
// reconnect storm (every tab of every user after a deploy or a network blip) costs one session read per
// session instead of one per socket. Sign-out loses nothing: the `sessions.ended` event (from this
// instance or another, through the bus) drops the session's entry at once, and a lookup that was in
// flight when its user's sessions ended is not kept. The lookup itself is the auth service's.

export const SOCKET_ACTOR_TTL_MS = 5_000;
/** Entries kept at most (a storm of distinct sessions must not grow memory without bound). */
const MAX_ENTRIES = 20_000;

interface Entry {
  actor: Promise<Actor | null>;
  expiresAt: number;
}

export function createSocketActorCache(options: {
  lookup: (token: string) => Promise<Actor | null>;
  events: EventBus;
  ttlMs?: number;
  now?: () => number;
}) {
  const ttlMs = options.ttlMs ?? SOCKET_ACTOR_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Per user, how many times their sessions ended: a lookup that straddles one is not cached. */
  const endings = new Map<number, number>();
  let endingsSeen = 0;

  const ended = options.events.subscribe('sessions.ended');
  void (async () => {
    for await (const event of ended) {
      endingsSeen++;
      endings.set(event.userId, endingsSeen);
      for (const [token, entry] of entries) {
        // Settled lookups only are judged; one still in flight is checked when it settles.
        void entry.actor.then((actor) => {
          if (entries.get(token) === entry && (actor === null || isEndedSession(actor, event))) entries.delete(token);
        });
      }
    }
  })();

  return {
    /** The actor of this session token (null: no valid session). */
    actorOf(token: string | null | undefined): Promise<Actor | null> {
      if (!token) return Promise.resolve(null);
      const cached = entries.get(token);
      if (cached && cached.expiresAt > now()) return cached.actor;
      if (cached) entries.delete(token);
      const startedAt = endingsSeen;
      const actor = options.lookup(token);
      // Nobody signed in (no or unknown session) is not cached: signing in must take effect at once.
      const entry: Entry = { actor, expiresAt: now() + ttlMs };
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(token, entry);
      actor.then(
        (found) => {
          const endedMeanwhile = found !== null && (endings.get(found.id) ?? 0) > startedAt;
          if ((found === null || endedMeanwhile) && entries.get(token) === entry) entries.delete(token);
        },
        () => {
          if (entries.get(token) === entry) entries.delete(token);
        },
      );
      return actor;
    },
    get size() {
      return entries.size;
    },
    async close() {
      await ended.return?.();
    },
  };
}
