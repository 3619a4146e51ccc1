import { describe, expect, it } from 'vitest';
import { BlogPostInputSchema, BlogPostUpdateSchema, ResearchInputSchema, SeoInputSchema } from '#lib/shared/schemas/content.ts';
import { missingRequired, payloadFromValues, valuesFromItem, withTitle } from '#components/islands/admin/editor-values.ts';

describe('content schemas', () => {
  it('trims, turns blanks into null and accepts tags as text or a list', () => {
    const parsed = BlogPostInputSchema.parse({ title: '  T  ', content: 'c', metaTitle: '  ', tags: 'a, ,b', seoKeywords: ['x', ' y '] });
    expect(parsed).toMatchObject({ title: 'T', metaTitle: null, tags: ['a', 'b'], seoKeywords: ['x', 'y'] });
  });
  it('refuses blank title / content and research without an author', () => {
    expect(BlogPostInputSchema.safeParse({ title: ' ', content: 'c' }).success).toBe(false);
    expect(BlogPostInputSchema.safeParse({ title: 't', content: ' \n ' }).success).toBe(false);
    expect(ResearchInputSchema.safeParse({ title: 't', content: 'c' }).success).toBe(false);
    expect(ResearchInputSchema.safeParse({ title: 't', content: 'c', author: 'A', category: 'Nope' }).success).toBe(false);
  });
  it('leaves fields that were not sent undefined on update (so they are kept)', () => {
    const parsed = BlogPostUpdateSchema.parse({ metaTitle: 'New' });
    expect(parsed).toEqual({ metaTitle: 'New' });
    expect(BlogPostUpdateSchema.safeParse({}).success).toBe(false);
  });
  it('allows only http(s) URLs and site paths for links', () => {
    expect(SeoInputSchema.safeParse({ canonicalUrl: 'https://x.test/a' }).success).toBe(true);
    expect(SeoInputSchema.safeParse({ socialImage: '/api/uploads/abc' }).success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.test/x', 'ftp://x']) {
      expect(SeoInputSchema.safeParse({ canonicalUrl: bad }).success).toBe(false);
    }
  });
});

describe('editor values', () => {
  it('the title fills slug and meta title until they are edited by hand', () => {
    let v = withTitle(valuesFromItem(null), 'Hello World!');
    expect(v).toMatchObject({ slug: 'hello-world', metaTitle: 'Hello World!' });
    v = withTitle({ ...v, slug: 'custom', slugEdited: true }, 'Another');
    expect(v).toMatchObject({ slug: 'custom', metaTitle: 'Another' });
  });
  it('applies the save-time defaults like the server', () => {
    const v = { ...withTitle(valuesFromItem(null), 'Title'), content: 'word '.repeat(250), author: 'A', tags: 'x, ,y' };
    const body = payloadFromValues('research', v);
    expect(body).toMatchObject({ slug: 'title', readingTime: '2 min', tags: ['x', 'y'], category: 'Research', featured: false });
    expect(body.excerpt).toBe(v.content.slice(0, 200) + '...');
    expect(body.metaDescription).toBe(body.excerpt);
    expect(missingRequired('research', { ...v, author: ' ' })).toBe(true);
    expect(missingRequired('blog', { ...v, author: '' })).toBe(false);
  });
});

describe('URL fields (canonical, social image, featured image)', () => {
  const check = (canonicalUrl: string) => SeoInputSchema.safeParse({ canonicalUrl }).success;
  it('refuse paths a browser reads as another host', () => {
    for (const v of [
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '//evil.example',
      '/\\/evil',
      'javascript:alert(1)',
      'https://ex ample.com',
    ]) {
      expect(check(v), JSON.stringify(v)).toBe(false);
    }
  });
  it('accept site paths and http(s) URLs', () => {
    for (const v of ['/api/uploads/abcdefghijklmnopqrstuvwxyz', '/blog/a-post?x=1', 'https://example.com/original', ''])
      expect(check(v), v).toBe(true);
  });
});
