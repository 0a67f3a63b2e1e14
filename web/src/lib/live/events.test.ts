import { describe, expect, it } from 'vitest';
import { caseListHolds, type ListedCaseEvent, liveEventAction } from './events';

interface Data {
  items: { uuid: string }[];
}
interface Event {
  changed: ListedCaseEvent;
}

const listed = { items: [{ uuid: 'a' }, { uuid: 'b' }] };
const accepted: Event = { changed: { uuid: 'a', status: 'in_progress', case: { uuid: 'a' } } };

describe('liveEventAction', () => {
  it('refetches on an event without data, and when no handler can tell', () => {
    expect(liveEventAction<Data, Event>(undefined, listed, {})).toEqual({ kind: 'refetch' });
    expect(liveEventAction<Data, Event>(accepted, listed, {})).toEqual({ kind: 'refetch' });
  });

  it('sends nothing when the cache, updated from the event, holds the result', () => {
    const action = liveEventAction<Data, Event>(accepted, listed, {
      eventInCache: (event, current) => caseListHolds(event.changed, current.items),
    });
    expect(action).toEqual({ kind: 'cached' });
  });

  it('does not trust the cache before the query has data', () => {
    expect(liveEventAction<Data, Event>(accepted, undefined, { eventInCache: () => true })).toEqual({
      kind: 'refetch',
    });
  });

  it('writes the data the event carries, or refetches when it carries none', () => {
    const eventData = (event: Event) => (event.changed.case ? { items: [{ uuid: event.changed.uuid }] } : undefined);
    expect(liveEventAction<Data, Event>(accepted, listed, { eventData })).toEqual({
      kind: 'write',
      data: { items: [{ uuid: 'a' }] },
    });
    const gone: Event = { changed: { uuid: 'a', status: 'pending', case: null } };
    expect(liveEventAction<Data, Event>(gone, listed, { eventData })).toEqual({ kind: 'refetch' });
  });

  it('prefers the cache to a write', () => {
    const action = liveEventAction<Data, Event>(accepted, listed, {
      eventInCache: () => true,
      eventData: () => ({ items: [] }),
    });
    expect(action).toEqual({ kind: 'cached' });
  });
});

describe('caseListHolds', () => {
  const list = [{ uuid: 'a' }, { uuid: 'b' }];
  const event = (uuid: string, status: string, withCase = true): ListedCaseEvent => ({
    uuid,
    status,
    case: withCase ? { uuid } : null,
  });

  it('holds for a listed case whose status changed, in the All tab', () => {
    expect(caseListHolds(event('a', 'in_progress'), list)).toBe(true);
    expect(caseListHolds(event('a', 'in_progress'), list, 'all')).toBe(true);
    expect(caseListHolds(event('b', 'completed'), list, null)).toBe(true);
  });

  it('does not hold for a case the list does not have yet (it may belong there)', () => {
    expect(caseListHolds(event('c', 'pending'), list)).toBe(false);
    expect(caseListHolds(event('a', 'pending'), undefined)).toBe(false);
  });

  it('does not hold when the event has no case (gone, or no longer readable)', () => {
    expect(caseListHolds(event('a', 'in_progress', false), list)).toBe(false);
  });

  it('holds in a status tab only while the case keeps that status', () => {
    expect(caseListHolds(event('a', 'in_progress'), list, 'in_progress')).toBe(true);
    expect(caseListHolds(event('a', 'in_progress'), list, 'pending')).toBe(false);
    // The Drafts tab lists unpaid cases of two statuses: the server decides.
    expect(caseListHolds(event('a', 'pending_payment'), list, 'draft')).toBe(false);
  });

  it('does not hold for a draft in the All tab, which lists no drafts', () => {
    expect(caseListHolds(event('a', 'draft'), list)).toBe(false);
  });
});
