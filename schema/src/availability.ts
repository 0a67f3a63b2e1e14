// SPEC §5 "Availability": the weekly slot rules, pure so the web (before sending) and the server (before
// storing) apply the very same ones.

export const INVALID_TIME_RANGE_TITLE = 'Invalid time range';
export const INVALID_TIME_RANGE_MESSAGE = 'End time must be after start time';
export const TIME_CONFLICT_TITLE = 'Time conflict';
export const OVERLAP_MESSAGE = 'This time slot overlaps with an existing availability';
export const SELECT_DATE_MESSAGE = 'Please select a date first';

/** HH:MM, 24-hour clock (SPEC §2 /availability: times are stored this way). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The all-day slot of SPEC §9 ends at 23:59 and means "until midnight". */
export const ALL_DAY = { startTime: '00:00', endTime: '23:59' } as const;

/**
 * How "next available" is written (e.g. "Mon, Nov 24, 9:00 AM EST"): the server in the specialist's time
 * zone, the web in the viewer's. One format for both.
 */
export const NEXT_AVAILABLE_FORMAT: Readonly<Intl.DateTimeFormatOptions> = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

export interface WeeklySlot {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

/** Minutes since midnight of an HH:MM time. */
export function minutesOfDay(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/**
 * Two slots on the same day overlap when the new one starts inside the other, ends inside it, or encloses
 * it (SPEC §5). Slots that only touch (09:00-12:00 and 12:00-17:00) do not overlap.
 */
export function slotsOverlap(candidate: WeeklySlot, existing: WeeklySlot): boolean {
  if (candidate.dayOfWeek !== existing.dayOfWeek) return false;
  const start = minutesOfDay(candidate.startTime);
  const end = minutesOfDay(candidate.endTime);
  const otherStart = minutesOfDay(existing.startTime);
  const otherEnd = minutesOfDay(existing.endTime);
  const startsInside = start >= otherStart && start < otherEnd;
  const endsInside = end > otherStart && end <= otherEnd;
  const encloses = start <= otherStart && end >= otherEnd;
  return startsInside || endsInside || encloses;
}

/** The first existing slot the candidate overlaps, or undefined. */
export function findOverlappingSlot<S extends WeeklySlot>(
  candidate: WeeklySlot,
  existing: readonly S[],
): S | undefined {
  return existing.find((slot) => slotsOverlap(candidate, slot));
}

/** Slots in display order: by day, then start time. */
export function sortSlots<S extends WeeklySlot>(slots: readonly S[]): S[] {
  return [...slots].sort((a, b) => a.dayOfWeek - b.dayOfWeek || minutesOfDay(a.startTime) - minutesOfDay(b.startTime));
}
