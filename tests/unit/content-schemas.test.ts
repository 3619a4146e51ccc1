import { describe, expect, it } from 'vitest';
import { BlogPostInputSchema, BlogPostUpdateSchema, ResearchInputSchema, SeoInputSchema } from '#lib/shared/schemas/content.ts';
import { missingRequired, payloadFromValues, valuesFromItem, withTitle } from '#components/islands/admin/editor-values.ts';
import { sniffImage } from '#lib/server/content/image-sniff.ts';
import { makePng, makePngHeader, SVG, TINY_JPEG } from '../support/images.ts';

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

describe('sniffImage', () => {
  it('reads PNG and JPEG sizes from their headers', () => {
    expect(sniffImage(makePng(640, 360))).toEqual({ mimeType: 'image/png', width: 640, height: 360 });
    expect(sniffImage(TINY_JPEG)).toEqual({ mimeType: 'image/jpeg', width: 1, height: 1 });
    expect(sniffImage(makePngHeader(50_000, 50_000))).toMatchObject({ width: 50_000, height: 50_000 });
  });
  it('reads GIF and WebP headers', () => {
    const gif = Buffer.from('GIF89a\x10\x00\x08\x00\x00\x00\x00', 'latin1');
    expect(sniffImage(gif)).toEqual({ mimeType: 'image/gif', width: 16, height: 8 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'ascii');
    webp.write('WEBP', 8, 'ascii');
    webp.write('VP8X', 12, 'ascii');
    webp.writeUIntLE(1199, 24, 3);
    webp.writeUIntLE(629, 27, 3);
    expect(sniffImage(webp)).toEqual({ mimeType: 'image/webp', width: 1200, height: 630 });
  });
  it('refuses SVG, text and truncated headers', () => {
    expect(sniffImage(SVG)).toBeNull();
    expect(sniffImage(Buffer.from('not an image at all, just text'))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(sniffImage(makePng(2, 2).subarray(0, 20))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});
