import { LIMITS } from '@vetconsult/schema/values';

// How cases read on screen (SPEC §2 case cards, §9 formats): titles, dates, relative times, ages and
// file sizes. Shared by the dashboard, the consult list, the case detail and the specialist view.

/** SPEC §9: titles longer than 50 characters are cut and '...' is appended. */
export function truncateTitle(title: string, max: number = LIMITS.caseTitleMax): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

function toDate(value: string | Date | null | undefined): Date | null | 'invalid' {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
}

/** 'Mon D, YYYY' (en-US); 'N/A' when missing, 'Invalid date' when unreadable. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (date === null) return 'N/A';
  if (date === 'invalid') return 'Invalid date';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** SPEC §9: seconds, minutes, hours, then days up to 6 days, then the short date. */
export function formatRelativeTime(value: string | Date | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (date === null) return 'N/A';
  if (date === 'invalid') return 'Invalid date';
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days <= 6) return plural(days, 'day');
  return formatDate(date);
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Bytes, KB, MB, GB (base 1024, up to 2 decimals). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const index = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number.parseFloat((bytes / 1024 ** index).toFixed(2))} ${SIZE_UNITS[index]}`;
}

/** The older specialist view shows sizes in MB with 2 decimals. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Age as the number plus the first letter of its unit: 7 Years -> '7y'. */
export function formatAge(age: number | null | undefined, unit: string | null | undefined): string | null {
  if (age === null || age === undefined) return null;
  return `${age}${(unit ?? '').charAt(0).toLowerCase()}`;
}

interface DatedCase {
  status: string;
  createdAt: string;
  acceptedAt?: string | null;
  reviewedAt?: string | null;
}

/** 'Completed {date}' for reviewed, 'Accepted {date}' for accepted, otherwise 'Submitted {date}'. */
export function caseDateLine(kase: DatedCase): string {
  if (kase.status === 'reviewed') return `Completed ${formatDate(kase.reviewedAt ?? kase.createdAt)}`;
  if (kase.status === 'accepted') return `Accepted ${formatDate(kase.acceptedAt ?? kase.createdAt)}`;
  // Not submitted yet: a draft or a case awaiting payment.
  if (kase.status === 'draft' || kase.status === 'pending_payment') return `Started ${formatDate(kase.createdAt)}`;
  return `Submitted ${formatDate(kase.createdAt)}`;
}
