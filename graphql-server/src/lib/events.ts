import { setMaxListeners } from 'node:events';
import { createPubSub, map } from 'graphql-yoga';
import { eventDeliverySeconds } from './metrics';

// Every state change is published once, by the service that made it, after its transaction commits.
// Payloads are small JSON (ids and status); subscribers re-read through Prisma with their own
// permissions. In-process by default; the real-time work plugs a Redis event target in here.

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

export function createEventBus(options: Parameters<typeof createPubSub<EventMap>>[0] = {}) {
  let eventTarget = options.eventTarget;
  if (!eventTarget) {
    // Every live subscriber adds a listener: thousands are expected, not a leak.
    const local = new EventTarget();
    setMaxListeners(0, local);
    eventTarget = local as NonNullable<typeof options.eventTarget>;
  }
  const pubsub = createPubSub<EventMap>({ ...options, eventTarget });
  return {
    publish<T extends EventTopic>(topic: T, payload: EventMap[T][0]) {
      (pubsub.publish as (topic: string, payload: unknown) => void)(topic, payload);
    },
    subscribe<T extends EventTopic>(topic: T): AsyncIterable<EventMap[T][0]> {
      const source = (pubsub.subscribe as (topic: string) => AsyncIterable<EventMap[T][0]>)(topic);
      // Measured where the event reaches this subscriber (payloads carry their commit time).
      return map((event: EventMap[T][0]) => {
        if (typeof event.at === 'number') eventDeliverySeconds.observe({ topic }, (Date.now() - event.at) / 1000);
        return event;
      })(source);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
