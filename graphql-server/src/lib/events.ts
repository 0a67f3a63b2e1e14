import { eventDeliverySeconds } from './metrics';
import { createPushQueue } from './push-queue';

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

/** Sessions that no longer exist (sign-out, password change or reset, a rejected application). */
export interface SessionsEnded {
  userId: number;
  /** Only this session; without it, every session of the user... */
  sessionId?: string;
  /** ...except this one (a password change keeps the session that made it). */
  exceptSessionId?: string;
  at: number;
}

export type EventMap = {
  'case.changed': [CaseChanged];
  'draft.saved': [DraftSaved];
  'specialist.changed': [SpecialistChanged];
  'sessions.ended': [SessionsEnded];
};

export type EventTopic = keyof EventMap;

/** What carries events between publishers and this process: an EventTarget (local, or Redis's). */
export type EventTransportTarget = Pick<EventTarget, 'addEventListener' | 'dispatchEvent'>;

/**
 * The bus listens to the transport once per topic and fans each event out to its subscribers in this
 * process, handing every subscriber the same payload object. A subscriber's filter runs before anything
 * is queued, so an event it may not see costs one function call, and each delivery is one queue push
 * (no promise chain per operator).
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
      // Measured where the event reaches this subscriber (payloads carry their commit time).
      const delivery = eventDeliverySeconds.labels({ topic });
      const subscriber = createPushQueue<Payload>(() => unlisten());
      const unlisten = listen(topic, (raw) => {
        const payload = raw as Payload;
        if (!accept(payload)) return;
        if (typeof payload.at === 'number') delivery.observe((Date.now() - payload.at) / 1000);
        subscriber.push(payload);
      });
      return subscriber.iterator;
    },
    /** Live subscribers in this process, by topic (for tests and diagnostics). */
    subscriberCount(topic: EventTopic): number {
      return subscribers.get(topic)?.size ?? 0;
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
