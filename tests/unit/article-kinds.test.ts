import { describe, expect, it } from 'vitest';
import { isPublic, isScheduled, itemFile, itemPath, newestFirst, pickFeatured, shownDate } from '#lib/shared/article-kinds.ts';

const now = new Date('2026-01-10T12:00:00Z');
const item = (over: Partial<{ id: number; published: boolean; publishedAt: string | null; createdAt: string; featured: boolean }>) => ({
  id: 1,
  published: true,
  publishedAt: '2026-01-01T00:00:00Z',
  createdAt: '2025-12-01T00:00:00Z',
  ...over,
});

describe('article-kinds rules', () => {
  it('public means published with its publish date reached; a future date is scheduled', () => {
    expect(isPublic(item({}), now)).toBe(true);
    expect(isPublic(item({ published: false }), now)).toBe(false);
    expect(isPublic(item({ publishedAt: '2026-01-10T12:00:01Z' }), now)).toBe(false);
    expect(isScheduled(item({ publishedAt: '2026-01-10T12:00:01Z' }), now)).toBe(true);
    expect(isPublic(item({ publishedAt: '2026-01-10T12:00:00Z' }), now)).toBe(true);
    expect(isPublic(item({ publishedAt: null }), now)).toBe(true); // falls back to the creation date
    expect(isScheduled(item({ published: false, publishedAt: '2027-01-01T00:00:00Z' }), now)).toBe(false);
  });

  it('orders newest shown date first, then newest id, and picks the first featured', () => {
    const a = item({ id: 1, publishedAt: '2026-01-02T00:00:00Z' });
    const b = item({ id: 2, publishedAt: null, createdAt: '2026-01-03T00:00:00Z', featured: true });
    const c = item({ id: 3, publishedAt: '2026-01-02T00:00:00Z', featured: true });
    const sorted = [a, b, c].sort(newestFirst);
    expect(sorted.map((x) => x.id)).toEqual([2, 3, 1]);
    expect(pickFeatured(sorted)?.id).toBe(2);
    expect(pickFeatured([a])).toBeNull();
    expect(shownDate(b).toISOString()).toBe('2026-01-03T00:00:00.000Z');
  });

  it('routes and files per kind', () => {
    expect(itemPath('blog', 'a b')).toBe('/blog/a%20b');
    expect(itemPath('research', 'x')).toBe('/research/x');
    expect(itemFile('research', 'x')).toBe('research/x.md');
  });
});
