import type { ExecutionResult } from 'graphql';
import type { Actor } from '../domain/actor';
import { sharedSubscriptionSources, webSocketSubscribers } from '../lib/metrics';
import { createPushQueue, type PushQueue } from '../lib/push-queue';

// Sockets of the same user that run the same subscription operation (same text, operation name and
// variables) share one source: the subscription is executed once per event and its result is handed to
// each socket. A user's tabs and devices each open the same subscriptions, and an event otherwise
// costs a full execution (envelope, executor, resolvers, re-reads) per socket. The key holds everything
// the result may depend on: the operation and the user's identity and permissions (role, approval,
// specialty); the session itself is left out, as no subscription resolver reads it. Each socket keeps
// its own queue: one that stops reading is dropped alone (lib/push-queue.ts), and the source ends when
// its last socket leaves.

type Result = ExecutionResult;
type Source = AsyncIterator<Result>;
type Started = AsyncIterable<Result> | Result;

interface Group {
  source: Source;
  consumers: Set<PushQueue<Result>>;
  pumping: boolean;
  ended: boolean;
}

/** What a subscription's result may depend on, as a map key. */
export function sharedSubscriptionKey(
  operation: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null },
  actor: Actor | null,
): string {
  const permissions = actor && [actor.id, actor.role, actor.approved, actor.specialty];
  return JSON.stringify([operation.query, operation.operationName ?? null, operation.variables ?? null, permissions]);
}

const isAsyncIterable = (value: Started): value is AsyncIterable<Result> =>
  typeof (value as AsyncIterable<Result>)[Symbol.asyncIterator] === 'function';

export function createSharedSubscriptions() {
  const groups = new Map<string, Promise<Group | Result>>();

  async function open(key: string, start: () => Promise<Started> | Started): Promise<Group | Result> {
    let started: Started;
    try {
      started = await start();
    } catch (error) {
      groups.delete(key);
      throw error;
    }
    if (!isAsyncIterable(started)) {
      // An error result (unauthorized, bad arguments): nothing to share once the current joiners have it.
      groups.delete(key);
      return started;
    }
    sharedSubscriptionSources.inc();
    return { source: started[Symbol.asyncIterator](), consumers: new Set(), pumping: false, ended: false };
  }

  /**
   * Reads the source once for every consumer; ends or fails them with it. A chain of callbacks rather
   * than an async loop: an idle group waits in its source's promise alone, without a suspended frame.
   */
  function pump(key: string, group: Group, entry: Promise<Group | Result>) {
    group.pumping = true;
    const finish = () => {
      group.ended = true;
      if (groups.get(key) === entry) groups.delete(key);
      sharedSubscriptionSources.dec();
    };
    const fail = (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const consumer of group.consumers) consumer.fail(failure);
      finish();
    };
    const step = ({ value, done }: IteratorResult<Result>) => {
      if (done) {
        for (const consumer of group.consumers) consumer.end();
        finish();
        return;
      }
      for (const consumer of group.consumers) consumer.push(value);
      read();
    };
    const read = () => {
      let next: Promise<IteratorResult<Result>>;
      try {
        next = group.source.next();
      } catch (error) {
        fail(error);
        return;
      }
      next.then(step, fail);
    };
    read();
  }

  function leave(key: string, group: Group, entry: Promise<Group | Result>, consumer: PushQueue<Result>) {
    webSocketSubscribers.dec();
    group.consumers.delete(consumer);
    if (group.consumers.size || group.ended) return;
    if (groups.get(key) === entry) groups.delete(key);
    // Ends the source's own subscription (its bus listener); the pump then sees it done.
    group.source.return?.()?.catch(() => {});
  }

  /**
   * Joins the subscription under `key`, starting it with `start` if no socket runs it yet. Returns an
   * iterator of this socket's own, or the error result that starting gave.
   */
  async function join(
    key: string,
    start: () => Promise<Started> | Started,
  ): Promise<AsyncIterableIterator<Result> | Result> {
    let entry = groups.get(key);
    if (!entry) {
      entry = open(key, start);
      groups.set(key, entry);
    }
    const opened = entry;
    const group = await opened;
    if (!('source' in group)) return group;
    // It ended, or its last socket left, while this one was joining: start a new one.
    if (group.ended || groups.get(key) !== opened) return join(key, start);
    const consumer: PushQueue<Result> = createPushQueue<Result>(() => leave(key, group, opened, consumer));
    group.consumers.add(consumer);
    webSocketSubscribers.inc();
    // Pulled only once a socket listens, so nothing published in between is lost (the bus queues it).
    if (!group.pumping) pump(key, group, opened);
    return consumer.iterator;
  }

  return {
    join,
    /** Sources currently shared (for tests and diagnostics). */
    get size() {
      return groups.size;
    },
  };
}

export type SharedSubscriptions = ReturnType<typeof createSharedSubscriptions>;
