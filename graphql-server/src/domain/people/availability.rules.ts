import { ALL_DAY, minutesOfDay, NEXT_AVAILABLE_FORMAT, type WeeklySlot } from '@vetconsult/schema/availability';
import { instantOf, localTime } from '../../lib/time-zone';

// "Is this specialist available now, and if not, when next?" (SPEC §3 Specialist list item). Pure: the
// slots are wall-clock times of the specialist's own IANA time zone, and the caller passes the instant,
// so tests pin the clock and cross DST changes and the Saturday -> Sunday week boundary.

const MINUTES_PER_DAY = 24 * 60;

/** End of a slot in minutes; the all-day slot's 23:59 means midnight. */
function slotEnd(slot: WeeklySlot): number {
  return slot.endTime === ALL_DAY.endTime ? MINUTES_PER_DAY : minutesOfDay(slot.endTime);
}

/** Whether the instant falls inside one of the weekly slots, read in the specialist's time zone. */
export function isAvailableAt(slots: readonly WeeklySlot[], timeZone: string, instant: Date): boolean {
  const now = localTime(instant, timeZone);
  return slots.some(
    (slot) =>
      slot.dayOfWeek === now.dayOfWeek &&
      minutesOfDay(slot.startTime) <= now.minuteOfDay &&
      now.minuteOfDay < slotEnd(slot),
  );
}

export interface NextAvailable {
  /** ISO 8601 instant (UTC) when the next slot starts. */
  at: string;
  /** The same moment for people, in the specialist's zone, e.g. 'Mon, Mar 9, 9:00 AM PDT'. */
  display: string;
}

const displayFormatters = new Map<string, Intl.DateTimeFormat>();

function formatNextAvailable(instant: Date, timeZone: string): string {
  let formatter = displayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...NEXT_AVAILABLE_FORMAT, timeZone });
    displayFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

/**
 * The start of the first slot that begins after the instant, within the coming week (a slot earlier
 * today recurs seven days later); null when no slots are set.
 */
export function nextAvailableStart(
  slots: readonly WeeklySlot[],
  timeZone: string,
  instant: Date,
): NextAvailable | null {
  if (slots.length === 0) return null;
  const now = localTime(instant, timeZone);
  const starts = [...new Set(slots.map((slot) => `${slot.dayOfWeek}@${minutesOfDay(slot.startTime)}`))].map((key) => {
    const [day = '0', minute = '0'] = key.split('@');
    return { dayOfWeek: Number(day), minute: Number(minute) };
  });
  let best: number | null = null;
  for (let daysAhead = 0; daysAhead <= 7; daysAhead++) {
    const dayOfWeek = (now.dayOfWeek + daysAhead) % 7;
    // Calendar arithmetic on the local date; Date.UTC rolls months and years over.
    const date = new Date(Date.UTC(now.year, now.month - 1, now.day + daysAhead));
    for (const start of starts) {
      if (start.dayOfWeek !== dayOfWeek) continue;
      const at = instantOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), start.minute, timeZone);
      if (at > instant.getTime() && (best === null || at < best)) best = at;
    }
    if (best !== null) break;
  }
  if (best === null) return null;
  const at = new Date(best);
  return { at: at.toISOString(), display: formatNextAvailable(at, timeZone) };
}
