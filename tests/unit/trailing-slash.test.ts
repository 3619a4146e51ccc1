import { describe, expect, it } from 'vitest';
import { trailingSlashStatus, trailingSlashTarget } from '#lib/server/http/trailing-slash.ts';

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
