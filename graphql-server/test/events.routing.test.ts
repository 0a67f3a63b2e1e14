import { describe, expect, it } from 'vitest';
import type { Actor } from '../src/domain/actor';
import {
  availableCaseEventKey,
  caseEventKey,
  oneCaseEventKey,
  receivesAvailableCaseEvent,
  receivesCaseEvent,
} from '../src/domain/realtime/realtime.rules';
import { type CaseChanged, createEventBus } from '../src/lib/events';

// Routing by recipient: an event asks only the filters of the subscribers it may concern (the users,
// case and specialty it names, and those without a key such as administrators), however many others are
// connected. The filters (the read rules) still decide who receives it.

const actor = (id: number, role: Actor['role'], specialty: string | null = null): Actor => ({
  id,
  role,
  approved: true,
  specialty,
  sessionId: `s${id}`,
});

const SUBSCRIBERS = 10_000;
const ADMINS = 3;

function populate() {
  const bus = createEventBus();
  const calls = new Map<number, number>();
  const count = (id: number) => calls.set(id, (calls.get(id) ?? 0) + 1);
  const received: AsyncIterableIterator<CaseChanged>[] = [];
  const actors: Actor[] = [];
  for (let id = 1; id <= SUBSCRIBERS; id++) {
    const role: Actor['role'] = id <= ADMINS ? 'ADMIN' : id % 2 === 0 ? 'VETERINARIAN' : 'SPECIALIST';
    const who = actor(id, role, role === 'SPECIALIST' ? 'Cardiology' : null);
    actors.push(who);
    // The web app's two subscriptions: its cases (and stats), and a specialist's Available Cases.
    received.push(
      bus.subscribe(
        'case.changed',
        (event) => {
          count(id);
          return receivesCaseEvent(who, event);
        },
        caseEventKey(who),
      ),
    );
    if (role === 'SPECIALIST') {
      bus.subscribe(
        'case.changed',
        (event) => {
          count(id);
          return receivesAvailableCaseEvent(who, event);
        },
        availableCaseEventKey(who),
      );
    }
  }
  return { bus, calls, actors };
}

const accepted = (vetId: number, specialistId: number): CaseChanged => ({
  caseId: 1,
  uuid: '7f0c8a52-1a7e-4c1e-9d6a-0f5f2b8d9e11',
  vetId,
  specialistId,
  specialty: 'Cardiology',
  status: 'accepted',
  kind: 'accepted',
  at: Date.now(),
});

describe('event routing by recipient', () => {
  it(`with ${SUBSCRIBERS} subscribers, an event calls the filters of only its possible recipients`, () => {
    const { bus, calls, actors } = populate();
    const specialists = actors.filter((who) => who.role === 'SPECIALIST').length;
    expect(bus.subscriberCount('case.changed')).toBe(SUBSCRIBERS + specialists);
    bus.publish('case.changed', accepted(5000, 5001));
    // The vet (1 subscription), the specialist (2) and each administrator (1); nobody else.
    expect(Object.fromEntries(calls)).toEqual({ 1: 1, 2: 1, 3: 1, 5000: 1, 5001: 2 });
  });

  it('every subscriber the read rule accepts is still asked (the index only narrows)', () => {
    const { bus, calls, actors } = populate();
    const event = accepted(5000, 5001);
    bus.publish('case.changed', event);
    const readers = actors.filter((who) => receivesCaseEvent(who, event)).map((who) => who.id);
    expect(readers.sort((a, b) => a - b)).toEqual([1, 2, 3, 5000, 5001]);
    for (const id of readers) expect(calls.get(id)).toBeGreaterThan(0);
  });

  it('a subscriber keyed by a case is offered only that case', async () => {
    const bus = createEventBus();
    const event = accepted(5000, 5001);
    let asked = 0;
    const one = bus.subscribe(
      'case.changed',
      () => {
        asked++;
        return true;
      },
      oneCaseEventKey(event.uuid),
    );
    bus.subscribe('case.changed', () => true, oneCaseEventKey('another-case'));
    bus.publish('case.changed', event);
    bus.publish('case.changed', { ...event, uuid: 'another-case' });
    expect(asked).toBe(1);
    expect((await one.next()).value?.uuid).toBe(event.uuid);
  });

  it("a first-available case is offered to its specialty's specialists only, each asked once (issue 19)", () => {
    const bus = createEventBus();
    const asked = new Map<number, number>();
    const received = new Map<number, number>();
    const specialists = [
      actor(11, 'SPECIALIST', 'Cardiology'),
      actor(12, 'SPECIALIST', 'Cardiology'),
      actor(13, 'SPECIALIST', 'Neurology'),
    ];
    for (const who of specialists) {
      bus.subscribe(
        'case.changed',
        (event) => {
          asked.set(who.id, (asked.get(who.id) ?? 0) + 1);
          const yes = receivesAvailableCaseEvent(who, event);
          if (yes) received.set(who.id, (received.get(who.id) ?? 0) + 1);
          return yes;
        },
        availableCaseEventKey(who),
      );
    }
    const offered: CaseChanged = {
      ...accepted(5000, 0),
      specialistId: null,
      status: 'pending',
      kind: 'reassigned',
      routing: 'first_available',
    };
    bus.publish('case.changed', offered);
    expect(Object.fromEntries(asked)).toEqual({ 11: 1, 12: 1 });
    expect(Object.fromEntries(received)).toEqual({ 11: 1, 12: 1 });
    // Taken by 11: the event names 11 and the specialty's offers; 11 is asked once, 12 learns it left.
    bus.publish('case.changed', { ...offered, specialistId: 11, status: 'accepted', kind: 'accepted' });
    expect(Object.fromEntries(asked)).toEqual({ 11: 2, 12: 2 });
    expect(Object.fromEntries(received)).toEqual({ 11: 2, 12: 2 });
    // A named case of the specialty is not offered to the others.
    bus.publish('case.changed', { ...accepted(5000, 12), status: 'pending', kind: 'activated', routing: 'named' });
    expect(Object.fromEntries(asked)).toEqual({ 11: 2, 12: 3 });
  });

  it('an unsubscribed key leaves no entry behind', async () => {
    const bus = createEventBus();
    const subs = Array.from({ length: 100 }, (_, i) => bus.subscribe('case.changed', () => true, `user:${i}`));
    expect(bus.subscriberCount('case.changed')).toBe(100);
    for (const sub of subs) await sub.return?.();
    expect(bus.subscriberCount('case.changed')).toBe(0);
  });
});
