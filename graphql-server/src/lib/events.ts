import { eventDeliverySeconds } from './metrics';

// Every state change is published once, by the service that made it, after its transaction commits.
// Payloads are small JSON (ids and status); subscribers re-read through Prisma with their own
// permissions. In-process by default; with REDIS_URL the transport is Redis (lib/pubsub.ts), so an event
// raised on one instance reaches the subscribers of every instance.

export type CaseChangeKind = 'activated' | 'accepted' | 'reviewed' | 'revisited' | 'file_added' | 'updated';

export interface CaseChanged {
  caseId: number;
  uuid: string;
  vetId: number;
  specialistId: number | null;
  specialty: string | null;
  status: string;
  kind: CaseChangeKind;
  /** Epoch ms when the change committed, for latency measurement. */
  at: number;
}

export interface DraftSaved {
  uuid: string;
  vetId: number;
  version: number;
  at: number;
}

export interface SpecialistChanged {
  specialistId: number;
  kind: 'registered' | 'approved' | 'rejected' | 'availability';
  at: number;
}

export type EventMap = {
  'case.changed': [CaseChanged];
  'draft.saved': [DraftSaved];
  'specialist.changed': [SpecialistChanged];
};

export type EventTopic = keyof EventMap;

/** What carries events between publishers and this process: an EventTarget (local, or Redis's). */
export type EventTransportTarget = Pick<EventTarget, 'addEventListener' | 'dispatchEvent'>;

/** Undelivered events one subscriber may hold before it is dropped (a client that stopped reading). */
export const MAX_PENDING_EVENTS = 1000;

export class SubscriberOverflowError extends Error {
  constructor() {
    super(`More than ${MAX_PENDING_EVENTS} undelivered events: the subscription was ended; subscribe again.`);
  }
}

/**
 * The bus listens to the transport once per topic and fans each event out to its subscribers in this
 * process. A subscriber's filter runs before anything is queued, so an event it may not see costs one
 * function call, and each delivery is one queue push (no promise chain per operator): at 1,000 sockets
 * on one instance this is the difference between meeting the latency target and missing it.
 */
export function createEventBus(options: { eventTarget?: EventTransportTarget } = {}) {
  const target: EventTransportTarget = options.eventTarget ?? new EventTarget();
  const subscribers = new Map<EventTopic, Set<(payload: unknown) => void>>();

  function listen(topic: EventTopic, deliver: (payload: unknown) => void) {
    let set = subscribers.get(topic);
    if (!set) {
      const created = new Set<(payload: unknown) => void>();
      set = created;
      subscribers.set(topic, created);
      // Topics are few and fixed: this listener stays for the life of the process.
      target.addEventListener(topic, (event) => {
        const payload = (event as CustomEvent).detail;
        for (const subscriber of created) subscriber(payload);
      });
    }
    set.add(deliver);
    return () => set.delete(deliver);
  }

  return {
    publish<T extends EventTopic>(topic: T, payload: EventMap[T][0]) {
      target.dispatchEvent(new CustomEvent(topic, { detail: payload }));
    },
    /** The events of `topic` that pass `accept`, in order, until the consumer returns. */
    subscribe<T extends EventTopic>(
      topic: T,
      accept: (payload: EventMap[T][0]) => boolean = () => true,
    ): AsyncIterableIterator<EventMap[T][0]> {
      type Payload = EventMap[T][0];
      const queue: Payload[] = [];
      let waiting: ((result: IteratorResult<Payload>) => void) | undefined;
      let failure: Error | undefined;
      let done = false;

      const finish = () => {
        done = true;
        unlisten();
        queue.length = 0;
        waiting?.({ value: undefined, done: true });
        waiting = undefined;
      };
      const unlisten = listen(topic, (raw) => {
        const payload = raw as Payload;
        if (done || !accept(payload)) return;
        // Measured where the event reaches this subscriber (payloads carry their commit time).
        if (typeof payload.at === 'number') eventDeliverySeconds.observe({ topic }, (Date.now() - payload.at) / 1000);
        if (waiting) {
          const resolve = waiting;
          waiting = undefined;
          resolve({ value: payload, done: false });
        } else if (queue.length >= MAX_PENDING_EVENTS) {
          failure = new SubscriberOverflowError();
          unlisten();
        } else {
          queue.push(payload);
        }
      });

      return {
        next() {
          if (queue.length) return Promise.resolve({ value: queue.shift() as Payload, done: false });
          if (failure) {
            const error = failure;
            failure = undefined;
            finish();
            return Promise.reject(error);
          }
          if (done) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve) => {
            waiting = resolve;
          });
        },
        return() {
          finish();
          return Promise.resolve({ value: undefined, done: true });
        },
        throw(error?: unknown) {
          finish();
          return Promise.reject(error);
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },
    /** Live subscribers in this process, by topic (for tests and diagnostics). */
    subscriberCount(topic: EventTopic): number {
      return subscribers.get(topic)?.size ?? 0;
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
