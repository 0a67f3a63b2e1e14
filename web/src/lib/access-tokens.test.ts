import { accessTokenFormSchema, expiryFromChoice } from '@vetconsult/schema/access-tokens';
import { describe, expect, it } from 'vitest';
import { isTokenExpired, tokenExpiryText, tokenLastUsedText } from './access-tokens';

const now = new Date('2026-11-25T12:00:00Z');

describe('access token texts', () => {
  it('says when a token expires, has expired or never does', () => {
    expect(tokenExpiryText(null, now)).toBe('Never expires');
    expect(tokenExpiryText('2026-12-25T12:00:00Z', now)).toBe('Expires Dec 25, 2026');
    expect(tokenExpiryText('2026-11-01T12:00:00Z', now)).toBe('Expired Nov 1, 2026');
    expect(isTokenExpired('2026-11-25T12:00:00Z', now)).toBe(true);
    expect(isTokenExpired(null, now)).toBe(false);
  });

  it('says when a token was last used', () => {
    expect(tokenLastUsedText(null, now)).toBe('Never used');
    expect(tokenLastUsedText('2026-11-25T11:57:00Z', now)).toBe('Last used 3 minutes ago');
  });
});

describe('the Settings form', () => {
  it('turns the expiry choice into an instant, or none', () => {
    expect(expiryFromChoice('30', now)?.toISOString()).toBe('2026-12-25T12:00:00.000Z');
    expect(expiryFromChoice('365', now)?.toISOString()).toBe('2027-11-25T12:00:00.000Z');
    expect(expiryFromChoice('never', now)).toBeNull();
  });

  it('needs a name', () => {
    const result = accessTokenFormSchema.safeParse({ name: '  ', scope: 'read', expiry: '90' });
    expect(result.success ? null : result.error.issues[0]?.message).toBe('Please give the token a name');
  });
});
