import { eventDeliverySeconds } from './metrics';
import { createPushQueue } from './push-queue';

// Every state change is published once, by the service that made it, after its transaction commits.
// Payloads are small JSON (ids and status); subscribers re-read through Prisma with their own
// permissions. In-process by default; with REDIS_URL the transport is Redis (lib/pubsub.ts), so an event
// raised on one instance reaches the subscribers of every instance.

export type CaseChangeKind =
  | 'activated'
  | 'accepted'
  | 'reviewed'
  | 'revisited'
  | 'file_added'
  | 'updated'
  /** Issue 19: cancelled by its veterinarian (refunded); declined, or moved to another specialist. */
  | 'cancelled'
  | 'declined'
  | 'reassigned';

export interface CaseChanged {
  caseId: number;
  uuid: string;
  vetId: number;
  specialistId: number | null;
  specialty: string | null;
  status: string;
  kind: CaseChangeKind;
  /** Issue 19: 'first_available' cases are offered to every specialist of their specialty (absent: named). */
  routing?: string;
  /** Issue 19: the specialist the case just left (declined by them, or moved by its veterinarian). */
  previousSpecialistId?: number | null;
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

/** A personal access token was revoked (by its owner or the administrator): its sockets close at once. */
export interface AccessTokenRevoked {
  userId: number;
  tokenId: number;
  at: number;
}

/** The facts of a case a conversation event carries, so its recipients are decided without a read. */
interface ConversationFacts {
  caseId: number;
  uuid: string;
  vetId: number;
  specialistId: number | null;
  status: string;
  reviewedAt: number | null;
}

/** A message was added to a case's conversation (issue 15). */
export interface CaseMessageAdded extends ConversationFacts {
  messageId: number;
  authorId: number;
  at: number;
}

/** A participant read a case's conversation up to a message. */
export interface CaseMessagesRead extends ConversationFacts {
  userId: number;
  lastReadMessageId: number;
  at: number;
}

/** An in-app notification was committed for a user (issue 14); published by its delivery job. */
export interface NotificationAdded {
  notificationId: number;
  recipientId: number;
  at: number;
}

export type EventMap = {
  'case.changed': [CaseChanged];
  'draft.saved': [DraftSaved];
  'specialist.changed': [SpecialistChanged];
  'sessions.ended': [SessionsEnded];
  'accessTokens.revoked': [AccessTokenRevoked];
  'caseMessages.added': [CaseMessageAdded];
  'caseMessages.read': [CaseMessagesRead];
  'notification.added': [NotificationAdded];
};

export type EventTopic = keyof EventMap;

/** What carries events between publishers and this process: an EventTarget (local, or Redis's). */
export type EventTransportTarget = Pick<EventTarget, 'addEventListener' | 'dispatchEvent'>;

/**
 * The keys an event names, under which its possible recipients are indexed: the users it concerns, its
 * case and its specialty. A subscriber registers under one key (or none: it sees every event of the
 * topic, e.g. an administrator); the key only narrows who is asked, the subscriber's filter (the read
 * rule of domain/realtime) stays the final word.
 */
export const routeKeys = {
  user: (id: number) => `user:${id}`,
  case: (uuid: string) => `case:${uuid}`,
  specialty: (specialty: string) => `specialty:${specialty}`,
  /** Issue 19: the first-available cases of a specialty (offered to its specialists' Available Cases). */
  offered: (specialty: string) => `offered:${specialty}`,
};

const eventKeys: { [T in EventTopic]: (payload: EventMap[T][0]) => string[] } = {
  'case.changed': (event) => {
    const keys = [routeKeys.user(event.vetId), routeKeys.case(event.uuid)];
    if (event.specialistId !== null) keys.push(routeKeys.user(event.specialistId));
    if (event.previousSpecialistId != null) keys.push(routeKeys.user(event.previousSpecialistId));
    if (event.specialty !== null) keys.push(routeKeys.specialty(event.specialty));
    if (event.specialty !== null && event.routing === 'first_available') keys.push(routeKeys.offered(event.specialty));
    return keys;
  },
  'draft.saved': (event) => [routeKeys.user(event.vetId), routeKeys.case(event.uuid)],
  'specialist.changed': (event) => [routeKeys.user(event.specialistId)],
  'sessions.ended': (event) => [routeKeys.user(event.userId)],
  'accessTokens.revoked': (event) => [routeKeys.user(event.userId)],
  // A conversation event names its case (the thread's subscribers) and its two participants (their
  // unread badges); the administrator, who reads every thread, registers under no key.
  'caseMessages.added': (event) => conversationKeys(event),
  'caseMessages.read': (event) => conversationKeys(event),
  // Only its recipient receives a notification.
  'notification.added': (event) => [routeKeys.user(event.recipientId)],
};

function conversationKeys(event: ConversationFacts): string[] {
  const keys = [routeKeys.case(event.uuid), routeKeys.user(event.vetId)];
  if (event.specialistId !== null) keys.push(routeKeys.user(event.specialistId));
  return keys;
}

type Deliver = (payload: unknown) => void;

/** Subscribers of one topic: those indexed by a key, and those that see every event. */
interface TopicSubscribers {
  byKey: Map<string, Set<Deliver>>;
  everyEvent: Set<Deliver>;
  size: number;
}

/**
 * The bus listens to the transport once per topic and fans each event out to its subscribers in this
 * process, handing every subscriber the same payload object. Subscribers are indexed by the key they
 * registered under, so an event asks only the filters of its possible recipients (the users, case and
 * specialty it names, and the subscribers without a key): its cost does not grow with everyone
 * connected. A filter runs before anything is queued, and each delivery is one queue push.
 */
/** The delivery histogram of each topic: one child per topic, not one per subscriber. */
const deliveries = new Map<EventTopic, ReturnType<typeof eventDeliverySeconds.labels>>();
function deliveryOf(topic: EventTopic) {
  let delivery = deliveries.get(topic);
  if (!delivery) {
    delivery = eventDeliverySeconds.labels({ topic });
    deliveries.set(topic, delivery);
  }
  return delivery;
}

export function createEventBus(options: { eventTarget?: EventTransportTarget } = {}) {
  const target: EventTransportTarget = options.eventTarget ?? new EventTarget();
  const topics = new Map<EventTopic, TopicSubscribers>();

  function listen(topic: EventTopic, keys: readonly string[] | undefined, deliver: Deliver) {
    let subscribers = topics.get(topic);
    if (!subscribers) {
      const created: TopicSubscribers = { byKey: new Map(), everyEvent: new Set(), size: 0 };
      subscribers = created;
      topics.set(topic, created);
      const keysOf = eventKeys[topic] as (payload: unknown) => string[];
      // Topics are few and fixed: this listener stays for the life of the process.
      target.addEventListener(topic, (event) => {
        const payload = (event as CustomEvent).detail;
        for (const subscriber of created.everyEvent) subscriber(payload);
        // A subscriber registered under several keys the event names is offered it once.
        const offered = new Set<Deliver>();
        for (const key of keysOf(payload)) {
          const set = created.byKey.get(key);
          if (set) for (const subscriber of set) offered.add(subscriber);
        }
        for (const subscriber of offered) subscriber(payload);
      });
    }
    const topicSubscribers = subscribers;
    const sets: Array<{ key: string | undefined; set: Set<Deliver> }> = [];
    if (keys === undefined) {
      sets.push({ key: undefined, set: topicSubscribers.everyEvent });
    } else {
      for (const key of new Set(keys)) {
        const set = topicSubscribers.byKey.get(key) ?? new Set();
        topicSubscribers.byKey.set(key, set);
        sets.push({ key, set });
      }
    }
    for (const { set } of sets) set.add(deliver);
    topicSubscribers.size++;
    let listening = true;
    return () => {
      if (!listening) return;
      listening = false;
      topicSubscribers.size--;
      for (const { key, set } of sets) {
        set.delete(deliver);
        if (key !== undefined && set.size === 0 && topicSubscribers.byKey.get(key) === set) {
          topicSubscribers.byKey.delete(key);
        }
      }
    };
  }

  return {
    publish<T extends EventTopic>(topic: T, payload: EventMap[T][0]) {
      target.dispatchEvent(new CustomEvent(topic, { detail: payload }));
    },
    /**
     * The events of `topic` that pass `accept`, in order, until the consumer returns. With `key` (one of
     * `routeKeys`, or several), only events naming that key (one of them) are offered to `accept`, once;
     * without it, every event is.
     */
    subscribe<T extends EventTopic>(
      topic: T,
      accept: (payload: EventMap[T][0]) => boolean = () => true,
      key?: string | readonly string[],
    ): AsyncIterableIterator<EventMap[T][0]> {
      type Payload = EventMap[T][0];
      // Measured where the event reaches this subscriber (payloads carry their commit time).
      const delivery = deliveryOf(topic);
      const subscriber = createPushQueue<Payload>(() => unlisten());
      const unlisten = listen(topic, typeof key === 'string' ? [key] : key, (raw) => {
        const payload = raw as Payload;
        if (!accept(payload)) return;
        if (typeof payload.at === 'number') delivery.observe((Date.now() - payload.at) / 1000);
        subscriber.push(payload);
      });
      return subscriber.iterator;
    },
    /** Live subscribers in this process, by topic (for tests and diagnostics). */
    subscriberCount(topic: EventTopic): number {
      return topics.get(topic)?.size ?? 0;
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
