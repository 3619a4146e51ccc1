import { describe, expect, it } from 'vitest';
import { absoluteUrl, articleJsonLd, escapeXml, jsonLdString, placeholderImage, readingMeta } from '@/lib/shared/seo';

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
  it('builds a schema.org Article with headline, dates, author and image', () => {
    const ld = articleJsonLd({
      headline: 'Title',
      description: 'About',
      url: 'https://rwa.example/blog/title',
      datePublished: new Date('2025-09-12T00:00:00Z'),
      dateModified: new Date('2025-09-13T00:00:00Z'),
      author: 'Research Team',
      image: 'https://rwa.example/a.png',
      publisherName: 'RWA Analytics',
      publisherLogo: 'https://rwa.example/favicon.svg',
    });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Title',
      datePublished: '2025-09-12T00:00:00.000Z',
      dateModified: '2025-09-13T00:00:00.000Z',
      author: { '@type': 'Person', name: 'Research Team' },
      image: ['https://rwa.example/a.png'],
    });
  });
});

describe('placeholderImage', () => {
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
    const meta = readingMeta(item, page, { name: 'default-author', type: 'Organization' });
    expect(meta.description).toBe('Excerpt');
    expect(meta.date.toISOString()).toBe('2025-09-01T00:00:00.000Z');
    expect(meta.image).toBe('https://rwa.example/images/a.png');
    expect(meta.canonical).toBeNull();
    expect(JSON.parse(meta.jsonLd)).toMatchObject({
      url: page.url,
      keywords: 'x',
      author: { '@type': 'Organization', name: 'default-author' },
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
      { name: 'A', type: 'Person' },
    );
    expect(meta).toMatchObject({ description: 'Meta', image: 'https://cdn.example/s.png', canonical: 'https://orig.example/p' });
    expect(meta.date.toISOString()).toBe('2025-09-05T00:00:00.000Z');
    expect(readingMeta({ ...item, canonicalUrl: 'javascript:alert(1)' }, page, { name: 'A', type: 'Person' }).canonical).toBeNull();
  });
});
