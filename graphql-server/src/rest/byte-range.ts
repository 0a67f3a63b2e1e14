import type { ByteRange } from '../lib/storage';

// HTTP range requests (RFC 9110 §14) for file downloads, so a browser's video player can seek. One
// range per request (multipart/byteranges is not offered); anything else is served whole.

/**
 * The range a `Range` header asks of a body of `size` bytes: undefined for the whole body (no header,
 * or one we do not serve as a range), 'unsatisfiable' when it starts past the end.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
