/**
 * The pure steps behind issue 17's server fixes: the final Cache-Control of an answer that sets a
 * cookie or answers a session, the canonical target of a trailing-slash path (never off the site),
 * and the commit message a title may produce.
 */
import { describe, expect, it } from 'vitest';
import { CACHE, finalCacheControl } from '#lib/server/cache.ts';
import { trailingSlashStatus, trailingSlashTarget } from '#lib/server/trailing-slash.ts';
import { commitMessage } from '#lib/server/content/articles.ts';

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

describe('trailingSlashTarget', () => {
  it('drops the trailing slash and keeps the query', () => {
    expect(trailingSlashTarget('/stablecoins/')).toBe('/stablecoins');
    expect(trailingSlashTarget('/research/', '?page=2')).toBe('/research?page=2');
    expect(trailingSlashTarget('/blog/a-post//')).toBe('/blog/a-post');
    expect(trailingSlashTarget('/a//b/')).toBe('/a//b');
  });
  it('leaves / and slashless paths alone', () => {
    expect(trailingSlashTarget('/')).toBeNull();
    expect(trailingSlashTarget('/stablecoins')).toBeNull();
    expect(trailingSlashTarget('/stablecoins', '?x=/')).toBeNull();
  });
  it('never gives a protocol-relative target', () => {
    for (const path of ['//evil.com/', '///evil.com/', '/\\evil.com/', '\\\\evil.com\\', '/\\/evil.com/', '//evil.com//x/']) {
      const target = trailingSlashTarget(path)!;
      expect(target, path).toMatch(/^\/(?![/\\])/);
      expect(new URL(target, 'https://site.example').host, path).toBe('site.example');
    }
    expect(trailingSlashTarget('///')).toBe('/');
  });
  it('is 301 for reads and 308 for writes', () => {
    expect(trailingSlashStatus('GET')).toBe(301);
    expect(trailingSlashStatus('HEAD')).toBe(301);
    expect(trailingSlashStatus('POST')).toBe(308);
  });
});

describe('commitMessage', () => {
  it('drops C0, C1 and bidi controls and folds line breaks into one line', () => {
    expect(commitMessage('Create blog post "a\u001b[31mb\u0007 \u202Egnp\u202C \u2066x\u2069 \u0085 \u009b c"')).toBe(
      'Create blog post "a[31mb gnp x c"',
    );
    expect(commitMessage('Update "t\nContent-Revision: forged"')).toBe('Update "t Content-Revision: forged"');
    expect(commitMessage('Tabs\tand\r\nbreaks\u2028too')).toBe('Tabs and breaks too');
  });
  it('leaves ordinary text, emoji joiners and other scripts alone', () => {
    for (const text of ['Create blog post "Café crème"', 'Update "한국 채권": text', 'Family 👨‍👩‍👧 and می‌خواهم'])
      expect(commitMessage(text)).toBe(text);
  });
});
