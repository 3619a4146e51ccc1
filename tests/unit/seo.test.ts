import { describe, expect, it } from 'vitest';
import { absoluteUrl, articleJsonLd, escapeXml, jsonLdString, placeholderImage } from '@/lib/shared/seo';

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
