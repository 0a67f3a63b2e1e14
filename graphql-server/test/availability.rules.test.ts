import { findOverlappingSlot, slotsOverlap, sortSlots } from '@vetconsult/schema/availability';
import { availabilitySlotSchema } from '@vetconsult/schema/people';
import { describe, expect, it } from 'vitest';
import { isAvailableAt, nextAvailableStart } from '../src/domain/people/availability.rules';

// Pure rules at pinned instants, for a specialist in America/Vancouver (PST -08:00, PDT -07:00).
// 2026: DST starts Sun Mar 8 at 02:00 (clocks jump to 03:00), ends Sun Nov 1 at 02:00 (back to 01:00).

const VANCOUVER = 'America/Vancouver';
const at = (iso: string) => new Date(iso);
const slot = (dayOfWeek: number, startTime: string, endTime: string) => ({ dayOfWeek, startTime, endTime });

describe('isAvailableAt in the specialist time zone', () => {
  const weekdays = [1, 2, 3, 4, 5].map((day) => slot(day, '09:00', '17:00'));

  it('reads the instant on the Vancouver wall clock, not in UTC', () => {
    // Tue Jul 7 2026 16:30 UTC = 09:30 PDT (Tuesday): inside 09:00-17:00.
    expect(isAvailableAt(weekdays, VANCOUVER, at('2026-07-07T16:30:00Z'))).toBe(true);
    // Tue Jul 7 2026 15:59 UTC = 08:59 PDT: before the slot although 15:59 UTC is "inside" 09-17.
    expect(isAvailableAt(weekdays, VANCOUVER, at('2026-07-07T15:59:00Z'))).toBe(false);
    // Wed Jul 8 2026 00:30 UTC is still Tuesday 17:30 PDT: after the slot.
    expect(isAvailableAt(weekdays, VANCOUVER, at('2026-07-08T00:30:00Z'))).toBe(false);
    // Wed Jul 8 2026 23:59 UTC = Wed 16:59 PDT: inside.
    expect(isAvailableAt(weekdays, VANCOUVER, at('2026-07-08T23:59:00Z'))).toBe(true);
  });

  it('treats the start as inclusive and the end as exclusive', () => {
    expect(isAvailableAt(weekdays, VANCOUVER, at('2026-07-07T16:00:00Z'))).toBe(true); // 09:00 PDT
    expect(isAvailableAt(weekdays, VANCOUVER, at('2026-07-08T00:00:00Z'))).toBe(false); // 17:00 PDT
  });

  it('follows the offset change: the same UTC hour is a different local hour in winter', () => {
    // Tue Jan 6 2026 16:30 UTC = 08:30 PST: not yet available (in summer the same UTC time is 09:30).
    expect(isAvailableAt(weekdays, VANCOUVER, at('2026-01-06T16:30:00Z'))).toBe(false);
    expect(isAvailableAt(weekdays, VANCOUVER, at('2026-01-06T17:30:00Z'))).toBe(true);
  });

  it('uses the local weekday across the Saturday -> Sunday boundary', () => {
    const saturdayNight = [slot(6, '20:00', '23:59')];
    const sundayOnly = [slot(0, '00:00', '23:59')];
    // Sun Jul 5 2026 05:30 UTC is Saturday Jul 4 22:30 in Vancouver.
    expect(isAvailableAt(saturdayNight, VANCOUVER, at('2026-07-05T05:30:00Z'))).toBe(true);
    expect(isAvailableAt(sundayOnly, VANCOUVER, at('2026-07-05T05:30:00Z'))).toBe(false);
    // The all-day slot (ending 23:59) covers the last minute before midnight: Sat 23:59:30 PDT.
    expect(isAvailableAt(saturdayNight, VANCOUVER, at('2026-07-05T06:59:30Z'))).toBe(true);
    // Midnight Saturday -> Sunday (07:00 UTC): Sunday now.
    expect(isAvailableAt(saturdayNight, VANCOUVER, at('2026-07-05T07:00:00Z'))).toBe(false);
    expect(isAvailableAt(sundayOnly, VANCOUVER, at('2026-07-05T07:00:00Z'))).toBe(true);
  });

  it('is never available without slots', () => {
    expect(isAvailableAt([], VANCOUVER, at('2026-07-07T16:30:00Z'))).toBe(false);
  });
});

describe('nextAvailableStart in the specialist time zone', () => {
  it('returns null when no availability is set', () => {
    expect(nextAvailableStart([], VANCOUVER, at('2026-07-07T16:30:00Z'))).toBeNull();
  });

  it('finds a later slot the same day, with the instant and a display text in the specialist zone', () => {
    // Tue Jul 7 2026 08:00 PDT; slot Tuesday 13:00-15:00.
    const next = nextAvailableStart([slot(2, '13:00', '15:00')], VANCOUVER, at('2026-07-07T15:00:00Z'));
    expect(next).toEqual({ at: '2026-07-07T20:00:00.000Z', display: 'Tue, Jul 7, 1:00 PM PDT' });
  });

  it('crosses from Saturday night to Sunday morning', () => {
    // Sat Jul 4 2026 23:00 PDT (Sun 06:00 UTC); slots Sunday 08:00 and Monday 09:00.
    const slots = [slot(1, '09:00', '17:00'), slot(0, '08:00', '12:00')];
    const next = nextAvailableStart(slots, VANCOUVER, at('2026-07-05T06:00:00Z'));
    expect(next).toEqual({ at: '2026-07-05T15:00:00.000Z', display: 'Sun, Jul 5, 8:00 AM PDT' });
  });

  it('crosses from Saturday to the next week when only earlier weekdays have slots', () => {
    // Sat Jul 4 2026 10:00 PDT; only Friday 09:00 slots: next Friday Jul 10.
    const next = nextAvailableStart([slot(5, '09:00', '17:00')], VANCOUVER, at('2026-07-04T17:00:00Z'));
    expect(next?.at).toBe('2026-07-10T16:00:00.000Z');
  });

  it('skips a slot that has already started today and uses the same weekday a week later', () => {
    // Tue Jul 7 2026 10:00 PDT, inside Tuesday 09:00-17:00 and no other slot: next Tuesday 09:00.
    const next = nextAvailableStart([slot(2, '09:00', '17:00')], VANCOUVER, at('2026-07-07T17:00:00Z'));
    expect(next?.at).toBe('2026-07-14T16:00:00.000Z');
  });

  it('uses the new offset after spring-forward (Sat PST -> Sun PDT)', () => {
    // Sat Mar 7 2026 12:00 PST (20:00 UTC); Sunday Mar 8 09:00 is already PDT = 16:00 UTC.
    const next = nextAvailableStart([slot(0, '09:00', '17:00')], VANCOUVER, at('2026-03-07T20:00:00Z'));
    expect(next).toEqual({ at: '2026-03-08T16:00:00.000Z', display: 'Sun, Mar 8, 9:00 AM PDT' });
  });

  it('maps a start inside the spring-forward gap to the moment clocks reach it (02:30 -> 03:30 PDT)', () => {
    const next = nextAvailableStart([slot(0, '02:30', '05:00')], VANCOUVER, at('2026-03-08T08:00:00Z'));
    expect(next?.at).toBe('2026-03-08T10:30:00.000Z');
    expect(isAvailableAt([slot(0, '02:30', '05:00')], VANCOUVER, at('2026-03-08T10:30:00Z'))).toBe(true);
  });

  it('uses the old offset again after fall-back (Sat PDT -> Sun PST)', () => {
    // Sat Oct 31 2026 12:00 PDT (19:00 UTC); Sunday Nov 1 09:00 is PST = 17:00 UTC.
    const next = nextAvailableStart([slot(0, '09:00', '17:00')], VANCOUVER, at('2026-10-31T19:00:00Z'));
    expect(next).toEqual({ at: '2026-11-01T17:00:00.000Z', display: 'Sun, Nov 1, 9:00 AM PST' });
    // 01:30 happens twice on Nov 1: the first occurrence (PDT, 08:30 UTC) is the next start.
    const repeated = nextAvailableStart([slot(0, '01:30', '03:00')], VANCOUVER, at('2026-11-01T07:00:00Z'));
    expect(repeated?.at).toBe('2026-11-01T08:30:00.000Z');
  });

  it('rolls over the end of the year', () => {
    // Thu Dec 31 2026 18:00 PST (Jan 1 02:00 UTC); Friday slot -> Fri Jan 1 2027 09:00 PST.
    const next = nextAvailableStart([slot(5, '09:00', '17:00')], VANCOUVER, at('2027-01-01T02:00:00Z'));
    expect(next?.at).toBe('2027-01-01T17:00:00.000Z');
  });
});

describe('slot rules shared with the web (schema/)', () => {
  it('detects start inside, end inside and enclosing overlaps; touching slots do not overlap', () => {
    const existing = slot(1, '09:00', '12:00');
    expect(slotsOverlap(slot(1, '10:00', '13:00'), existing)).toBe(true); // starts inside
    expect(slotsOverlap(slot(1, '08:00', '10:00'), existing)).toBe(true); // ends inside
    expect(slotsOverlap(slot(1, '08:00', '13:00'), existing)).toBe(true); // encloses
    expect(slotsOverlap(slot(1, '09:30', '11:00'), existing)).toBe(true); // inside
    expect(slotsOverlap(slot(1, '12:00', '13:00'), existing)).toBe(false); // touches the end
    expect(slotsOverlap(slot(1, '07:00', '09:00'), existing)).toBe(false); // touches the start
    expect(slotsOverlap(slot(2, '10:00', '11:00'), existing)).toBe(false); // another day
    expect(findOverlappingSlot(slot(1, '11:00', '14:00'), [slot(1, '06:00', '07:00'), existing])).toBe(existing);
  });

  it('sorts by day then start time', () => {
    const sorted = sortSlots([slot(2, '09:00', '10:00'), slot(1, '13:00', '14:00'), slot(1, '08:00', '09:00')]);
    expect(sorted.map((s) => `${s.dayOfWeek} ${s.startTime}`)).toEqual(['1 08:00', '1 13:00', '2 09:00']);
  });

  it('rejects an end before or equal to the start with the spec message', () => {
    const result = availabilitySlotSchema.safeParse(slot(1, '17:00', '09:00'));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('End time must be after start time');
    expect(availabilitySlotSchema.safeParse(slot(1, '09:00', '09:00')).success).toBe(false);
    expect(availabilitySlotSchema.safeParse(slot(0, '00:00', '23:59')).success).toBe(true);
  });
});
