import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from '#lib/shared/redirect.ts';

const ORIGIN = 'http://127.0.0.1:4321';

describe('safeRedirectTarget', () => {
  // What a browser makes of each: tab/CR/LF are dropped and '\' is '/', so these all leave the site.
  const hostile = [
    '/\t/evil.example/phish',
    '/\n/evil.example/phish',
    '/\r/evil.example/phish',
    '/\\evil.example',
    '\\\\evil.example',
    '//evil.example',
    '///evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'data:text/html,x',
    ' //evil.example',
    '\t//evil.example',
  ];
  for (const raw of hostile) {
    it(`sends ${JSON.stringify(raw)} to the fallback`, () => {
      const target = safeRedirectTarget(raw, ORIGIN);
      expect(target).toBe('/admin');
      expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
    });
  }

  it('keeps a path on this site, with its query and hash', () => {
    expect(safeRedirectTarget('/admin/seo?tab=research#x', ORIGIN)).toBe('/admin/seo?tab=research#x');
    expect(safeRedirectTarget(`${ORIGIN}/admin`, ORIGIN)).toBe('/admin');
    expect(safeRedirectTarget(null, ORIGIN)).toBe('/admin');
  });

  it('never answers something a browser would read as another host', () => {
    for (const raw of ['/./\t/evil.example', '/%2F/evil.example', '/..//evil.example', 'http:evil.example']) {
      const target = safeRedirectTarget(raw, ORIGIN);
      expect(new URL(target, ORIGIN).origin, raw).toBe(ORIGIN);
      expect(target.startsWith('//')).toBe(false);
    }
  });
});
