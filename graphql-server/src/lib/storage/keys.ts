import { DomainError } from '../errors';

// Storage keys are made by the server (e.g. "cases/<uuid>/<random>-scan.png"), never taken from a
// client as is. Still, every adapter checks them, so a key can never leave the storage folder or bucket
// prefix: relative segments only, no "..", no absolute paths, no backslashes, a conservative alphabet.

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  const safe =
    key.length > 0 &&
    key.length <= 900 &&
    segments.every(
      (segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..' && !segment.includes('..'),
    );
  if (!safe) throw new DomainError('BAD_USER_INPUT', 'Invalid storage key');
}

export const storedFileMissing = () => new DomainError('NOT_FOUND', 'File not found');
