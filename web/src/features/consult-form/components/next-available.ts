import { NEXT_AVAILABLE_FORMAT } from '@vetconsult/schema/availability';

// "Next available" of a specialist as the reader expects it (issue 22 item 7): the instant in the
// viewer's time zone (their profile's, else the browser's), with the specialist's own local time as a
// hint when the two clocks differ. The server sends the instant (`nextAvailableAt`) and the
// specialist's IANA zone; its `nextAvailable` text (in the specialist's zone) is the fallback.

const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

function format(instant: Date, timeZone: string, options: Intl.DateTimeFormatOptions): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(instant);
  } catch {
    return null; // an unknown zone name
  }
}

export interface NextAvailableInput {
  nextAvailable?: string | null;
  nextAvailableAt?: string | null;
  /** The specialist's IANA time zone. */
  timezone?: string | null;
}

/** E.g. "Next available: Mon, Nov 24, 6:00 AM PST (9:00 AM EST specialist's time)"; null when none is set. */
export function nextAvailableText(
  specialist: NextAvailableInput,
  viewerZone: string | null | undefined,
): string | null {
  const viewer = viewerZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const instant = specialist.nextAvailableAt ? new Date(specialist.nextAvailableAt) : null;
  const local = instant && !Number.isNaN(instant.getTime()) ? format(instant, viewer, NEXT_AVAILABLE_FORMAT) : null;
  if (!instant || !local) return specialist.nextAvailable ? `Next available: ${specialist.nextAvailable}` : null;
  const theirs = specialist.timezone ? format(instant, specialist.timezone, CLOCK) : null;
  const ours = format(instant, viewer, CLOCK);
  const hint = theirs && theirs !== ours ? ` (${theirs} specialist's time)` : '';
  return `Next available: ${local}${hint}`;
}
