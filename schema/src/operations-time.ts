// Issue 19 "Operations dashboard": its weeks and months, without zod (the input schema is in operations.ts,
// which re-exports these): the web asks for the dashboard's first report at start with them, before the
// validation library has loaded.

export const OPERATIONS_WEEKS_DEFAULT = 12;
export const OPERATIONS_WEEKS_MAX = 52;

/** 'YYYY-MM' of an instant, in UTC. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** The UTC bounds of a 'YYYY-MM' month: [start, end). */
export function monthBounds(month: string): { start: Date; end: Date } {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
}

/**
 * The first day (Monday 00:00 UTC, as PostgreSQL's date_trunc('week')) of the oldest of the `weeks`
 * weeks that end with the week of `now`.
 */
export function weeksStart(now: Date, weeks: number): Date {
  const day = (now.getUTCDay() + 6) % 7; // Monday = 0
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day);
  return new Date(monday - (weeks - 1) * 7 * 86_400_000);
}
