import { describe, expect, it } from 'vitest';
import { isPublic, isScheduled, itemFile, itemPath, newestFirst, pickFeatured, shownDate } from '#lib/shared/article-kinds.ts';
import { lineDiff } from '#lib/shared/line-diff.ts';
import { fromDocument, toDocument } from '#lib/server/content/documents.ts';
import { articleValues } from '#lib/server/content/values.ts';

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

describe('content files', () => {
  it('a research article survives the round trip through its file', () => {
    const values = articleValues(
      'research',
      { title: 'Gold: a note', content: '# Gold\n\n---\n\nText with --- inside.', author: 'Ada', tags: ['a'], featured: true },
      null,
      now,
    );
    const doc = toDocument('research', 7, values);
    expect(doc.startsWith('---\nid: 7\ntitle: "Gold: a note"\n') || doc.startsWith("---\nid: 7\ntitle: 'Gold: a note'\n")).toBe(true);
    const back = fromDocument('research', doc, new Date());
    expect(back.id).toBe(7);
    expect(back.values).toEqual(values);
  });

  it('a hand-written file without dates takes its publish date as its creation date', () => {
    const { values, id } = fromDocument('blog', '---\ntitle: Hello\npublishedAt: 2025-09-12T09:00:00Z\n---\n\nBody.', now);
    expect(id).toBeNull();
    expect(values).toMatchObject({ slug: 'hello', published: true, authorId: 'default-author', content: 'Body.' });
    expect(values.createdAt.toISOString()).toBe('2025-09-12T09:00:00.000Z');
    expect(values.publishedAt?.toISOString()).toBe('2025-09-12T09:00:00.000Z');
  });
});

describe('lineDiff', () => {
  it('keeps common lines and marks removed and added ones', () => {
    expect(lineDiff('a\nb\nc', 'a\nx\nc')).toEqual([
      { type: 'same', text: 'a' },
      { type: 'del', text: 'b' },
      { type: 'add', text: 'x' },
      { type: 'same', text: 'c' },
    ]);
    expect(lineDiff('same', 'same')).toEqual([{ type: 'same', text: 'same' }]);
  });
});
