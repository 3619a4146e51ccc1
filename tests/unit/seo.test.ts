import { describe, expect, it } from 'vitest';
import { absoluteUrl, articleJsonLd, escapeXml, jsonLdString, placeholderImage, placeholderLabel, readingMeta } from '#lib/shared/seo.ts';

describe('jsonLdString', () => {
  it('keeps the data but cannot close the script element', () => {
    const data = { headline: 'A </script><script>alert(1)</script> & <!-- b -->', line: 'x\u2028y' };
    const out = jsonLdString(data);
    expect(out).not.toMatch(/[<>&]/);
    expect(out).not.toContain('\u2028');
    expect(JSON.parse(out)).toEqual(data);
  });
});

describe('escapeXml', () => {
  it('escapes markup characters and drops characters XML forbids', () => {
    expect(escapeXml(`a & <b> "c" 'd'\u0001`)).toBe('a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;');
  });
});

describe('absoluteUrl', () => {
  it('resolves paths against the origin and refuses other schemes', () => {
    expect(absoluteUrl('/images/a.png', 'https://rwa.example')).toBe('https://rwa.example/images/a.png');
    expect(absoluteUrl('https://cdn.example/a.png', 'https://rwa.example')).toBe('https://cdn.example/a.png');
    expect(absoluteUrl('javascript:alert(1)', 'https://rwa.example')).toBeUndefined();
    expect(absoluteUrl('', 'https://rwa.example')).toBeUndefined();
    expect(absoluteUrl(null, 'https://rwa.example')).toBeUndefined();
  });
});

describe('articleJsonLd', () => {
  const publisher = {
    id: 'https://rwa.example/#organization',
    name: 'RWA Analytics',
    url: 'https://rwa.example/',
    logo: { url: 'https://rwa.example/logo.png', width: 512, height: 512 },
  };
  it('builds a BlogPosting with headline, dates, a Person author with a url, an image and a raster logo', () => {
    const ld = articleJsonLd({
      type: 'BlogPosting',
      headline: 'Title',
      description: 'About',
      url: 'https://rwa.example/blog/title',
      datePublished: new Date('2025-09-12T00:00:00Z'),
      dateModified: new Date('2025-09-13T00:00:00Z'),
      author: { name: 'Research Team', url: 'https://rwa.example/authors/research-team' },
      image: 'https://rwa.example/a.png',
      publisher,
    });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Title',
      datePublished: '2025-09-12T00:00:00.000Z',
      dateModified: '2025-09-13T00:00:00.000Z',
      author: { '@type': 'Person', name: 'Research Team', url: 'https://rwa.example/authors/research-team' },
      image: ['https://rwa.example/a.png'],
      publisher: {
        '@type': 'Organization',
        logo: { '@type': 'ImageObject', url: 'https://rwa.example/logo.png', width: 512, height: 512 },
      },
    });
  });
});

describe('placeholderImage', () => {
  it('cuts the label at 120 whole characters: an emoji at the cut neither breaks nor throws', () => {
    const title = 'x'.repeat(119) + '🪙 gold';
    expect(placeholderLabel(title)).toBe('x'.repeat(119) + '🪙');
    expect(() => placeholderImage(title)).not.toThrow();
    expect(new URL(placeholderImage(title), 'https://rwa.example').searchParams.get('text')).toBe(placeholderLabel(title));
    expect(placeholderLabel('  Gold \n\t and   silver ')).toBe('Gold and silver');
  });

  it('is a same-origin URL whose text query carries the title', () => {
    const url = new URL(placeholderImage('Gold & Silver: 50/50?'), 'https://rwa.example');
    expect(url.pathname).toBe('/api/placeholder');
    expect(url.searchParams.get('text')).toBe('Gold & Silver: 50/50?');
  });
});

describe('readingMeta', () => {
  const item = {
    title: 'T',
    excerpt: 'Excerpt',
    metaDescription: null,
    canonicalUrl: null,
    socialImage: null,
    featuredImage: '/images/a.png',
    seoKeywords: [],
    tags: ['x'],
    createdAt: new Date('2025-09-01T00:00:00Z'),
    updatedAt: new Date('2025-09-02T00:00:00Z'),
    publishedAt: null,
  };
  const page = { origin: 'https://rwa.example', url: 'https://rwa.example/blog/t', siteName: 'RWA Analytics', siteDescription: 'Site' };

  it('falls back: excerpt for the description, createdAt for the date, the featured image for og:image', () => {
    const meta = readingMeta(item, page, { kind: 'blog', author: 'RWA Analytics Editors', card: '/og/blog/t.png' });
    expect(meta.description).toBe('Excerpt');
    expect(meta.date.toISOString()).toBe('2025-09-01T00:00:00.000Z');
    expect(meta.image).toBe('https://rwa.example/images/a.png');
    expect(meta.canonical).toBeNull();
    expect(JSON.parse(meta.jsonLd)).toMatchObject({
      url: page.url,
      keywords: 'x',
      '@type': 'BlogPosting',
      image: ['https://rwa.example/images/a.png'],
      author: { '@type': 'Person', name: 'RWA Analytics Editors', url: 'https://rwa.example/authors/rwa-analytics-editors' },
    });
  });

  it('prefers metaDescription, socialImage and a valid canonicalUrl; ignores a non-http canonical', () => {
    const meta = readingMeta(
      {
        ...item,
        metaDescription: 'Meta',
        socialImage: 'https://cdn.example/s.png',
        canonicalUrl: 'https://orig.example/p',
        publishedAt: new Date('2025-09-05T00:00:00Z'),
      },
      page,
      { kind: 'research', author: 'A', card: '/og/research/t.png' },
    );
    expect(meta).toMatchObject({ description: 'Meta', image: 'https://cdn.example/s.png', canonical: 'https://orig.example/p' });
    expect(meta.date.toISOString()).toBe('2025-09-05T00:00:00.000Z');
    expect(
      readingMeta({ ...item, canonicalUrl: 'javascript:alert(1)' }, page, { kind: 'research', author: 'A', card: '/c.png' }).canonical,
    ).toBeNull();
  });

  it('gives an item without an image its generated card, and research the Article type', () => {
    const meta = readingMeta({ ...item, featuredImage: null }, page, { kind: 'research', author: 'A', card: '/og/research/t.png' });
    expect(meta.image).toBeUndefined();
    expect(JSON.parse(meta.jsonLd)).toMatchObject({ '@type': 'Article', image: ['https://rwa.example/og/research/t.png'] });
  });
});
