import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, isSameKey } from './push-keys';

describe('the VAPID key bytes', () => {
  it('decodes base64url with and without padding, with - and _', () => {
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToBytes('-_8=')]).toEqual([0xfb, 0xff]);
    const key = Uint8Array.from({ length: 65 }, (_, index) => (index * 37) % 256);
    expect([...base64UrlToBytes(Buffer.from(key).toString('base64url'))]).toEqual([...key]);
  });

  it('tells whether a subscription was made with this key', () => {
    const key = base64UrlToBytes('BAEC');
    expect(isSameKey(new Uint8Array([4, 1, 2]).buffer, key)).toBe(true);
    expect(isSameKey(new Uint8Array([4, 1, 3]).buffer, key)).toBe(false);
    expect(isSameKey(new Uint8Array([4, 1]).buffer, key)).toBe(false);
    expect(isSameKey(null, key)).toBe(false);
  });
});
