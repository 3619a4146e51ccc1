import { describe, expect, it } from 'vitest';
import { CACHE, finalCacheControl } from '#lib/server/cache/policy.ts';

describe('finalCacheControl', () => {
  const anonymous = { setsCookie: false, signedIn: false };
  it('keeps what the route said for an anonymous answer that sets nothing', () => {
    expect(finalCacheControl(CACHE.dataPage.control, anonymous)).toBe(CACHE.dataPage.control);
    expect(finalCacheControl(null, anonymous)).toBeNull();
  });
  it('makes any answer that sets a cookie private, no-store (a route that said no-store keeps it)', () => {
    for (const declared of [
      CACHE.dataPage.control,
      CACHE.reading.control,
      CACHE.personal.control,
      CACHE.dataApi.control,
      CACHE.prerendered.control,
      null,
    ]) {
      expect(finalCacheControl(declared, { setsCookie: true, signedIn: true })).toBe('private, no-store');
      expect(finalCacheControl(declared, { setsCookie: true, signedIn: false })).toBe('private, no-store');
    }
    expect(finalCacheControl('no-store', { setsCookie: true, signedIn: true })).toBe('no-store');
    expect(finalCacheControl('public, no-store, s-maxage=60', { setsCookie: true, signedIn: false })).toBe('private, no-store');
  });
  it('makes a signed-in answer the browser’s only', () => {
    for (const declared of [CACHE.dataPage.control, CACHE.reading.control, CACHE.dataApi.control, null])
      expect(finalCacheControl(declared, { setsCookie: false, signedIn: true })).toBe(CACHE.personal.control);
    expect(finalCacheControl('no-store', { setsCookie: false, signedIn: true })).toBe('no-store');
  });
});
