import { URGENCY_LABELS, type Urgency } from '@vetconsult/schema/urgency';

// How the dashboard writes its numbers: hours as '3 h 20 min', rates as '87%', cents as money.

export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return '—';
  const minutes = Math.round(hours * 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h >= 48) return `${Math.floor(h / 24)} d ${h % 24} h`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

export const formatRate = (rate: number | null | undefined): string =>
  rate === null || rate === undefined ? '—' : `${Math.round(rate * 1000) / 10}%`;

export function formatCents(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-CA', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export const urgencyLabel = (urgency: string | null | undefined): string =>
  urgency ? (URGENCY_LABELS[urgency as Urgency] ?? urgency) : 'All urgencies';

/** 'Mar 5' from a YYYY-MM-DD week start (UTC). */
export const weekLabel = (day: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** 'March 2026' from YYYY-MM. */
export const monthLabel = (month: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
