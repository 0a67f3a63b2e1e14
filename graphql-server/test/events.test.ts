import { describe, expect, it } from 'vitest';
import { type CaseChanged, createEventBus } from '../src/lib/events';
import { MAX_PENDING_EVENTS, SubscriberOverflowError } from '../src/lib/push-queue';

// The in-process event bus under the subscriptions: filtering before queueing, order, clean
// unsubscription, and a bound on what a subscriber that stopped reading may hold.

const caseEvent = (caseId: number, vetId = 1): CaseChanged => ({
  caseId,
  uuid: `uuid-${caseId}`,
  vetId,
  specialistId: null,
  specialty: 'Cardiology',
  status: 'pending',
  kind: 'activated',
  at: Date.now(),
});

describe('event bus', () => {
  it('delivers in order only what the subscriber accepts, whether it waits or reads later', async () => {
    const bus = createEventBus();
    const mine = bus.subscribe('case.changed', (event) => event.vetId === 1);
    const waiting = mine.next();
    bus.publish('case.changed', caseEvent(1));
    expect((await waiting).value?.caseId).toBe(1);
    bus.publish('case.changed', caseEvent(2, 2)); // another vet's case
    bus.publish('case.changed', caseEvent(3));
    bus.publish('case.changed', caseEvent(4));
    expect((await mine.next()).value?.caseId).toBe(3);
    expect((await mine.next()).value?.caseId).toBe(4);
  });

  it('return() ends the iteration, releases the subscriber and resolves a pending next()', async () => {
    const bus = createEventBus();
    const a = bus.subscribe('draft.saved');
    const b = bus.subscribe('draft.saved');
    expect(bus.subscriberCount('draft.saved')).toBe(2);
    const pending = a.next();
    await a.return?.();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(bus.subscriberCount('draft.saved')).toBe(1);
    bus.publish('draft.saved', { uuid: 'd', vetId: 1, version: 2, at: Date.now() });
    expect((await b.next()).value?.version).toBe(2);
    expect((await a.next()).done).toBe(true);
  });

  it('a subscriber that stops reading is ended after MAX_PENDING_EVENTS, keeping what it had', async () => {
    const bus = createEventBus();
    const slow = bus.subscribe('case.changed');
    for (let i = 0; i <= MAX_PENDING_EVENTS; i++) bus.publish('case.changed', caseEvent(i));
    expect(bus.subscriberCount('case.changed')).toBe(0);
    for (let i = 0; i < MAX_PENDING_EVENTS; i++) expect((await slow.next()).value?.caseId).toBe(i);
    await expect(slow.next()).rejects.toBeInstanceOf(SubscriberOverflowError);
    expect((await slow.next()).done).toBe(true);
  });

  it('one transport listener per topic, however many subscribers', () => {
    const added: string[] = [];
    const target = new EventTarget();
    const spy = {
      addEventListener: (...args: Parameters<EventTarget['addEventListener']>) => {
        added.push(args[0]);
        target.addEventListener(...args);
      },
      dispatchEvent: (event: Event) => target.dispatchEvent(event),
    };
    const bus = createEventBus({ eventTarget: spy });
    for (let i = 0; i < 100; i++) bus.subscribe('case.changed');
    bus.subscribe('draft.saved');
    expect(added).toEqual(['case.changed', 'draft.saved']);
  });
});
