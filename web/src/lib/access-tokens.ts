import { formatDate, formatRelativeTime } from './case-display';

// How a personal access token's dates read in lists (Settings → API access, and the administrator's list).

/** 'Never expires', 'Expired Mon D, YYYY' or 'Expires Mon D, YYYY'. */
export function tokenExpiryText(expiresAt: string | null | undefined, now: Date = new Date()): string {
  if (!expiresAt) return 'Never expires';
  return `${new Date(expiresAt) <= now ? 'Expired' : 'Expires'} ${formatDate(expiresAt)}`;
}

/** 'Never used' or 'Last used 3 minutes ago' (recorded at most once a minute). */
export function tokenLastUsedText(lastUsedAt: string | null | undefined, now: Date = new Date()): string {
  return lastUsedAt ? `Last used ${formatRelativeTime(lastUsedAt, now)}` : 'Never used';
}

export function isTokenExpired(expiresAt: string | null | undefined, now: Date = new Date()): boolean {
  return !!expiresAt && new Date(expiresAt) <= now;
}
