import { describe, expect, it } from 'vitest';
import { CACHE, finalCacheControl } from '#lib/server/cache.ts';

describe('finalCacheControl', () => {
  const anonymous = { setsCookie: false, signedIn: false };
  it('keeps what the route said for an anonymous answer that sets nothing', () => {
    expect(finalCacheControl(CACHE.dataPage, anonymous)).toBe(CACHE.dataPage);
    expect(finalCacheControl(null, anonymous)).toBeNull();
  });
  it('makes any answer that sets a cookie private, no-store (a route that said no-store keeps it)', () => {
    for (const declared of [CACHE.dataPage, CACHE.reading, CACHE.personal, CACHE.dataApi, CACHE.prerendered, null]) {
      expect(finalCacheControl(declared, { setsCookie: true, signedIn: true })).toBe('private, no-store');
      expect(finalCacheControl(declared, { setsCookie: true, signedIn: false })).toBe('private, no-store');
    }
    expect(finalCacheControl('no-store', { setsCookie: true, signedIn: true })).toBe('no-store');
    expect(finalCacheControl('public, no-store, s-maxage=60', { setsCookie: true, signedIn: false })).toBe('private, no-store');
  });
  it('makes a signed-in answer the browser’s only', () => {
    for (const declared of [CACHE.dataPage, CACHE.reading, CACHE.dataApi, null])
      expect(finalCacheControl(declared, { setsCookie: false, signedIn: true })).toBe(CACHE.personal);
    expect(finalCacheControl('no-store', { setsCookie: false, signedIn: true })).toBe('no-store');
  });
});
