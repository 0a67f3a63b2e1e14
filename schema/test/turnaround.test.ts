import { describe, expect, it } from 'vitest';
import { dueAtFor, formatDuration, isOverdue, timeLeft, unacceptedAlertAt, urgencySchema } from '../src/turnaround';

// Issue 19: the pure clock shared by the server (overdue flags) and the web (the ticking clock).

const H = 3_600_000;
const M = 60_000;
const due = new Date('2026-11-25T12:00:00Z');

describe('timeLeft', () => {
  it('is green with more than half of the window left', () => {
    expect(timeLeft(due, 'stat', due.getTime() - 3 * H)).toEqual({ text: '3 h left', tone: 'ok', remainingMs: 3 * H });
    expect(timeLeft(due, 'routine', due.getTime() - (30 * H + 5 * M)).text).toBe('1 d 6 h left');
  });

  it('turns amber at half of the window, and counts minutes', () => {
    expect(timeLeft(due, 'stat', due.getTime() - 2 * H).tone).toBe('soon');
    expect(timeLeft(due, 'stat', due.getTime() - (H + 20 * M))).toMatchObject({
      text: '1 h 20 min left',
      tone: 'soon',
    });
    expect(timeLeft(due, 'priority', due.getTime() - 12 * M).text).toBe('12 min left');
  });

  it('says "Due now" in the last minute and red "Overdue by …" after', () => {
    expect(timeLeft(due, 'stat', due.getTime() - 30_000)).toMatchObject({ text: 'Due now', tone: 'soon' });
    expect(timeLeft(due, 'stat', due.getTime() + 2 * H)).toMatchObject({ text: 'Overdue by 2 h', tone: 'overdue' });
    expect(timeLeft(due, 'routine', due.getTime() + 26 * H + 3 * M).text).toBe('Overdue by 1 d 2 h');
  });

  it('reads ISO text and Date alike', () => {
    expect(timeLeft(due.toISOString(), 'stat', new Date(due.getTime() - H))).toEqual(
      timeLeft(due, 'stat', due.getTime() - H),
    );
  });
});

describe('windows and flags', () => {
  it('due = activation + 48 h / 24 h / 4 h', () => {
    const at = new Date('2026-03-08T06:30:00Z'); // crosses the US DST change: windows are hours, not wall time
    expect(dueAtFor('routine', at).toISOString()).toBe('2026-03-10T06:30:00.000Z');
    expect(dueAtFor('priority', at).toISOString()).toBe('2026-03-09T06:30:00.000Z');
    expect(dueAtFor('stat', at).toISOString()).toBe('2026-03-08T10:30:00.000Z');
  });

  it('a quarter of the window: 1 h for STAT, 12 h for Routine', () => {
    const at = new Date('2026-11-25T08:00:00Z');
    expect(unacceptedAlertAt('stat', at).toISOString()).toBe('2026-11-25T09:00:00.000Z');
    expect(unacceptedAlertAt('routine', at).toISOString()).toBe('2026-11-25T20:00:00.000Z');
  });

  it('overdue only while the answer is owed', () => {
    const after = new Date(due.getTime() + M);
    expect(isOverdue(due, 'pending', after)).toBe(true);
    expect(isOverdue(due, 'accepted', after)).toBe(true);
    expect(isOverdue(due, 'reviewed', after)).toBe(false);
    expect(isOverdue(due, 'cancelled', after)).toBe(false);
    expect(isOverdue(null, 'pending', after)).toBe(false);
    expect(isOverdue(due, 'pending', new Date(due.getTime() - M))).toBe(false);
  });

  it('formats durations', () => {
    expect(formatDuration(20_000)).toBe('less than a minute');
    expect(formatDuration(48 * H)).toBe('2 d');
    expect(formatDuration(-(2 * H + 5 * M))).toBe('2 h 5 min');
  });

  it('urgency input: missing is routine, unknown is refused with words', () => {
    expect(urgencySchema.parse('')).toBeUndefined();
    expect(urgencySchema.parse('stat')).toBe('stat');
    const bad = urgencySchema.safeParse('asap');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Please choose Routine, Priority or STAT');
  });
});
