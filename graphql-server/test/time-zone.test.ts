import { describe, expect, it } from 'vitest';
import { startOfWeek } from '../src/domain/cases/cases.rules';
import { instantOf, localTime } from '../src/lib/time-zone';

describe('time-zone arithmetic', () => {
  it('"this week" starts Monday 00:00 in the user zone', () => {
    // Wednesday 2026-11-18 15:00 UTC is 10:00 in Toronto (EST, UTC-5).
    expect(startOfWeek(new Date('2026-11-18T15:00:00Z'), 'America/Toronto').toISOString()).toBe(
      '2026-11-16T05:00:00.000Z',
    );
    // Sunday 23:30 in Vancouver is already Monday in UTC: the week is still the Vancouver one.
    expect(startOfWeek(new Date('2026-11-23T07:30:00Z'), 'America/Vancouver').toISOString()).toBe(
      '2026-11-16T08:00:00.000Z',
    );
  });

  it('a week that crosses the fall-back change starts at the old offset', () => {
    // DST ends 2026-11-01 in Toronto; Monday 2026-10-26 00:00 was EDT (UTC-4).
    expect(startOfWeek(new Date('2026-10-28T12:00:00Z'), 'America/Toronto').toISOString()).toBe(
      '2026-10-26T04:00:00.000Z',
    );
    expect(startOfWeek(new Date('2026-11-04T12:00:00Z'), 'America/Toronto').toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
  });

  it('reads wall clocks and maps a skipped spring-forward time to when clocks reach it', () => {
    expect(localTime(new Date('2026-03-08T10:30:00Z'), 'America/Vancouver')).toMatchObject({
      dayOfWeek: 0,
      minuteOfDay: 3 * 60 + 30,
    });
    // 02:30 does not exist in Vancouver on 2026-03-08: it happens at 03:30 PDT (10:30 UTC).
    expect(new Date(instantOf(2026, 3, 8, 150, 'America/Vancouver')).toISOString()).toBe('2026-03-08T10:30:00.000Z');
  });
});
