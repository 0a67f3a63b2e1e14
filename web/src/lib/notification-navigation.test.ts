import { describe, expect, it } from 'vitest';
import { appPathOf } from './notification-navigation';

describe('the address a notification click opens', () => {
  const origin = 'https://app.vetconsult.example';

  it('is the path, query and hash of an address of this app', () => {
    expect(appPathOf(`${origin}/specialist/case/abc?tab=files#top`, origin)).toBe('/specialist/case/abc?tab=files#top');
    expect(appPathOf('/dashboard', origin)).toBe('/dashboard');
  });

  it('is nothing for another site or something that is not an address', () => {
    expect(appPathOf('https://evil.example/specialist/case/abc', origin)).toBeNull();
    expect(appPathOf('http://app.vetconsult.example/x', origin)).toBeNull();
    expect(appPathOf(42, origin)).toBeNull();
    expect(appPathOf(undefined, origin)).toBeNull();
  });
});
