import { ALL_DAY, minutesOfDay } from '@vetconsult/schema/availability';

// Display rules of SPEC §2 /availability and §9: times are stored as HH:MM (24-hour) and shown as
// 12-hour AM/PM; each slot shows its length in hours and minutes.

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const DEFAULT_START = '09:00';
export const DEFAULT_END = '17:00';

function hhmm(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** HH:MM values from `from` to `to` inclusive, every `stepMinutes`. */
export function timeOptions(from: string, to: string, stepMinutes: number): string[] {
  const options: string[] = [];
  for (let m = minutesOfDay(from); m <= minutesOfDay(to); m += stepMinutes) options.push(hhmm(m));
  return options;
}

/** Weekly panel: 30-minute steps from 06:00 to 22:00. */
export const WEEKLY_TIME_OPTIONS = timeOptions('06:00', '22:00', 30);
/** Calendar view: 15-minute steps from 00:00 to 23:45. */
export const CALENDAR_TIME_OPTIONS = timeOptions('00:00', '23:45', 15);

/** '13:30' -> '1:30 PM'. */
export function formatTime12h(time: string): string {
  const total = minutesOfDay(time);
  const hours24 = Math.floor(total / 60);
  const minutes = total % 60;
  const period = hours24 < 12 ? 'AM' : 'PM';
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return `${hours12}:${String(minutes).padStart(2, '0')} ${period}`;
}

export function isAllDay(slot: { startTime: string; endTime: string }): boolean {
  return slot.startTime === ALL_DAY.startTime && slot.endTime === ALL_DAY.endTime;
}

/** '8h 30m', '8h', '45m'; the all-day slot reads 'Available all day'. */
export function formatDuration(slot: { startTime: string; endTime: string }): string {
  if (isAllDay(slot)) return 'Available all day';
  const total = minutesOfDay(slot.endTime) - minutesOfDay(slot.startTime);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours && minutes) return `${hours}h ${minutes}m`;
  return hours ? `${hours}h` : `${minutes}m`;
}

export function formatRange(slot: { startTime: string; endTime: string }): string {
  return `${formatTime12h(slot.startTime)} – ${formatTime12h(slot.endTime)}`;
}
