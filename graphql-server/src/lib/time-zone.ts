// Wall-clock arithmetic in IANA time zones with Intl only (no date library): what an instant reads as
// in a zone, and which instant a zone's wall-clock time happens at. Shared by availability and the
// dashboard's "this week".

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  dayOfWeek: number;
  minuteOfDay: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in a time zone. */
export function localTime(instant: Date, timeZone: string): LocalTime & { second: number } {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    dayOfWeek: WEEKDAYS.indexOf(parts.weekday ?? ''),
    minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Offset of the zone from UTC at an instant, in ms (negative west of Greenwich). */
function offsetMs(instant: number, timeZone: string): number {
  const local = localTime(new Date(instant), timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, 0, local.minuteOfDay, local.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in a zone. A time skipped by a spring-forward change maps to the
 * moment the clocks reach it (02:30 -> 03:30 new time); a repeated fall-back time maps to its first occurrence.
 */
export function instantOf(year: number, month: number, day: number, minuteOfDay: number, timeZone: string): number {
  const wallAsUtc = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const first = wallAsUtc - offsetMs(wallAsUtc, timeZone);
  const firstOffset = offsetMs(first, timeZone);
  if (wallAsUtc - firstOffset === first) return first;
  const second = wallAsUtc - firstOffset;
  if (offsetMs(second, timeZone) === firstOffset) return second;
  // In a gap neither reading is consistent: the later one is when the wall clock reaches this time.
  return Math.max(first, second);
}
