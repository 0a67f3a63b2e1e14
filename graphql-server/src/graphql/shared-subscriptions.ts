import type { ExecutionResult } from 'graphql';
import type { Actor } from '../domain/actor';
import { sharedSubscriptionSources, webSocketSubscribers } from '../lib/metrics';
import { createPushQueue, PushQueue, type PushSink } from '../lib/push-queue';

// Sockets of the same user that run the same subscription operation (same text, operation name and
// variables) share one source: the subscription is executed once per event and its result is handed to
// each socket. A user's tabs and devices each open the same subscriptions, and an event otherwise
// costs a full execution (envelope, executor, resolvers, re-reads) per socket. The key holds everything
// the result may depend on: the operation and the user's identity and permissions (role, approval,
// specialty); the session itself is left out, as no subscription resolver reads it. Each socket keeps
// its own queue: one that stops reading is dropped alone (lib/push-queue.ts), and the source ends when
// its last socket leaves.

type Result = ExecutionResult;
type Started = AsyncIterable<Result> | Result;

/**
 * One shared source and its sockets' queues. A source that is a PushQueue (subscription-events.ts) is
 * listened to, each result pushed to every consumer as it comes; another is read with a chain of
 * callbacks. Either way an idle group waits without a suspended frame.
 */
class Group implements PushSink<Result> {
  readonly source: AsyncIterator<Result>;
  readonly consumers = new Set<PushQueue<Result>>();
  pumping = false;
  ended = false;
  /** Called once when the source ends or fails. */
  readonly #finish: (group: Group) => void;

  constructor(source: AsyncIterator<Result>, finish: (group: Group) => void) {
    this.source = source;
    this.#finish = finish;
  }

  /** Reads the source once for every consumer; ends or fails them with it. */
  pump() {
    this.pumping = true;
    if (this.source instanceof PushQueue) this.source.listen(this);
    else this.#read();
  }

  /** Its last socket left: the source ends (its bus listener with it). */
  stop() {
    this.source.return?.()?.catch(() => {});
    // A listened source says nothing more once returned; a read one answers its pending read with done.
    if (this.source instanceof PushQueue && !this.ended) this.onEnd(undefined);
  }

  onValue(result: Result) {
    for (const consumer of this.consumers) consumer.push(result);
  }

  onEnd(failure: Error | undefined) {
    if (this.ended) return;
    if (failure) {
      for (const consumer of this.consumers) consumer.fail(failure);
    } else {
      for (const consumer of this.consumers) consumer.end();
    }
    this.ended = true;
    this.#finish(this);
  }

  #read() {
    let next: Promise<IteratorResult<Result>>;
    try {
      next = this.source.next();
    } catch (error) {
      this.#failed(error);
      return;
    }
    next.then(
      ({ value, done }) => {
        if (done) return this.onEnd(undefined);
        this.onValue(value);
        this.#read();
      },
      (error: unknown) => this.#failed(error),
    );
  }

  #failed(error: unknown) {
    this.onEnd(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * What a subscription's result may depend on, as a map key. `document` stands for the operation's text
 * (valid-documents.ts: one id per remembered text), so a live group's key does not hold the whole text.
 */
export function sharedSubscriptionKey(
  operation: { document: number; operationName?: string | null; variables?: Record<string, unknown> | null },
  actor: Actor | null,
): string {
  const permissions = actor && [actor.id, actor.role, actor.approved, actor.specialty];
  return JSON.stringify([
    operation.document,
    operation.operationName ?? null,
    operation.variables ?? null,
    permissions,
  ]);
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
    const entry = groups.get(key);
    return new Group(started[Symbol.asyncIterator](), () => {
      if (groups.get(key) === entry) groups.delete(key);
      sharedSubscriptionSources.dec();
    });
  }

  function leave(key: string, group: Group, entry: Promise<Group | Result>, consumer: PushQueue<Result>) {
    webSocketSubscribers.dec();
    group.consumers.delete(consumer);
    if (group.consumers.size || group.ended) return;
    if (groups.get(key) === entry) groups.delete(key);
    group.stop();
  }

  /**
   * Joins the subscription under `key`, starting it with `start` if no socket runs it yet. Returns an
   * iterator of this socket's own (a PushQueue), or the error result that starting gave.
   */
  async function join(key: string, start: () => Promise<Started> | Started): Promise<PushQueue<Result> | Result> {
    let entry = groups.get(key);
    if (!entry) {
      entry = open(key, start);
      groups.set(key, entry);
    }
    const opened = entry;
    const group = await opened;
    if (!(group instanceof Group)) return group;
    // It ended, or its last socket left, while this one was joining: start a new one.
    if (group.ended || groups.get(key) !== opened) return join(key, start);
    const consumer: PushQueue<Result> = createPushQueue<Result>(() => leave(key, group, opened, consumer));
    group.consumers.add(consumer);
    webSocketSubscribers.inc();
    // Pulled only once a socket listens, so nothing published in between is lost (the bus queues it).
    if (!group.pumping) group.pump();
    return consumer;
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
