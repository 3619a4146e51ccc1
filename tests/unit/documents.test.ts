import { describe, expect, it } from 'vitest';
import { fromDocument, toDocument } from '#lib/server/content/documents.ts';
import { articleValues } from '#lib/server/content/values.ts';

const now = new Date('2026-01-10T12:00:00Z');

describe('content files', () => {
  it('a research article survives the round trip through its file', async () => {
    const values = articleValues(
      'research',
      { title: 'Gold: a note', content: '# Gold\n\n---\n\nText with --- inside.', author: 'Ada', tags: ['a'], featured: true },
      null,
      now,
    );
    const doc = await toDocument('research', 7, values);
    expect(doc.startsWith('---\nid: 7\ntitle: "Gold: a note"\n') || doc.startsWith("---\nid: 7\ntitle: 'Gold: a note'\n")).toBe(true);
    const back = await fromDocument('research', doc, new Date());
    expect(back.id).toBe(7);
    expect(back.values).toEqual(values);
  });

  it('a hand-written file without dates takes its publish date as its creation date', async () => {
    const { values, id } = await fromDocument('blog', '---\ntitle: Hello\npublishedAt: 2025-09-12T09:00:00Z\n---\n\nBody.', now);
    expect(id).toBeNull();
    expect(values).toMatchObject({ slug: 'hello', published: true, authorId: 'default-author', content: 'Body.' });
    expect(values.createdAt.toISOString()).toBe('2025-09-12T09:00:00.000Z');
    expect(values.publishedAt?.toISOString()).toBe('2025-09-12T09:00:00.000Z');
  });
});
