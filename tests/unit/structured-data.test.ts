import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  authorName,
  authorPath,
  authorSlug,
  breadcrumbJsonLd,
  breadcrumbTrail,
  organizationJsonLd,
  SITE_LOGO,
} from '#lib/shared/structured-data.ts';
import { pageCardKey, pageCardPath, PAGE_CARDS, isPageCardKey } from '#lib/shared/og-cards.ts';
import { AUTHORS, authorOf } from '#lib/shared/authors.ts';
import { CARD, cardText, encodePng, Raster, renderCard, renderLogo, wrapWords } from '#lib/server/og/image.ts';

/** Width, height and colour type from a PNG's IHDR. */
function pngHeader(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset);
  return { signature: [...png.subarray(0, 8)], width: view.getUint32(16), height: view.getUint32(20), colourType: png[25] };
}

describe('breadcrumbs', () => {
  it('runs Home, the sections on the way, then the page', () => {
    expect(breadcrumbTrail('/', 'x')).toEqual([{ name: 'Home', path: '/' }]);
    expect(breadcrumbTrail('/stablecoins', 'Stablecoins')).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Stablecoins', path: '/stablecoins' },
    ]);
    expect(breadcrumbTrail('/research/some-article/', 'Some Article').map((c) => c.path)).toEqual([
      '/',
      '/research',
      '/research/some-article',
    ]);
    expect(breadcrumbTrail('/sources/public-figures', 'Public figures').map((c) => c.name)).toEqual([
      'Home',
      'Data sources',
      'Public figures',
    ]);
    // No /authors page: the trail skips that segment rather than link to a 404.
    expect(breadcrumbTrail('/authors/jane-doe', 'Jane Doe').map((c) => c.path)).toEqual(['/', '/authors/jane-doe']);
  });

  it('is a schema.org BreadcrumbList with absolute items in order', () => {
    expect(breadcrumbJsonLd('https://rwa.example', breadcrumbTrail('/blog/x', 'X'))).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://rwa.example/' },
        { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://rwa.example/blog' },
        { '@type': 'ListItem', position: 3, name: 'X', item: 'https://rwa.example/blog/x' },
      ],
    });
  });
});

describe('authors', () => {
  it('turns a blog author id into a name, keeps a research author as written', () => {
    expect(authorName('blog', 'default-author')).toBe('RWA Analytics Editors');
    expect(authorName('blog', 'rwa-analytics-team')).toBe('RWA Analytics Team');
    expect(authorName('blog', 'research-desk')).toBe('Research Desk');
    expect(authorName('research', 'Guest Contributor')).toBe('Guest Contributor');
    expect(authorName('research', '  ')).toBe('RWA Research Team');
  });

  it('takes display names from content/authors.json, and names an unknown id from its words', () => {
    // Known by id (a post) or by name in any case, or by id (an article): the data's own spelling.
    expect(authorOf('blog', 'market-analysis-desk')).toMatchObject({ id: 'market-analysis-desk', name: 'Market Analysis Desk' });
    expect(authorOf('research', 'rwa news desk').name).toBe('RWA News Desk');
    expect(authorOf('research', 'rwa-news-desk').name).toBe('RWA News Desk');
    expect(authorOf('blog', 'default-author').bio).toMatch(/editors/i);
    // Unknown: a post's id reads as words, an article's name as written.
    expect(authorOf('blog', 'nav-and-usd-desk')).toEqual({ id: 'nav-and-usd-desk', name: 'NAV And USD Desk' });
    expect(authorOf('research', 'Ada Analyst')).toEqual({ id: 'Ada Analyst', name: 'Ada Analyst' });
  });

  it('has one entry per id and per name, each with a page of its own', () => {
    expect(new Set(AUTHORS.map((a) => a.id)).size).toBe(AUTHORS.length);
    expect(new Set(AUTHORS.map((a) => authorSlug(a.name))).size).toBe(AUTHORS.length);
    for (const a of AUTHORS) expect(a.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('gives each a page path made of safe characters', () => {
    expect(authorSlug('Zoë Müller-Smith')).toBe('zoe-muller-smith');
    expect(authorPath('RWA Research Team')).toBe('/authors/rwa-research-team');
    expect(authorSlug('<script>')).toBe('script');
    expect(authorSlug('日本')).toBe('unknown');
  });
});

describe('cards and the logo', () => {
  it('maps page paths to cards, others to the site card', () => {
    expect(pageCardKey('/')).toBe('home');
    expect(pageCardKey('/treasuries/')).toBe('treasuries');
    expect(pageCardKey('/login')).toBe('site');
    expect(pageCardPath('home', '2025-09-12')).toBe('/og/home.png?v=2025-09-12');
    expect(isPageCardKey('constructor')).toBe(false);
    expect(isPageCardKey('__proto__')).toBe(false);
    for (const key of Object.keys(PAGE_CARDS)) expect(isPageCardKey(key)).toBe(true);
  });

  it('draws a 1200x630 PNG card and a 512 px logo, the one in public/ (>= 112 px, as Google asks)', () => {
    const card = renderCard({ eyebrow: 'Data', title: 'Stablecoins', subtitle: 'Market cap', footer: 'Data as of September 12, 2025' });
    expect(pngHeader(card)).toEqual({
      signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      width: CARD.width,
      height: CARD.height,
      colourType: 2,
    });
    const logo = renderLogo(SITE_LOGO.width);
    expect(pngHeader(logo)).toMatchObject({ width: 512, height: 512 });
    expect(SITE_LOGO.width).toBeGreaterThanOrEqual(112);
    expect(Buffer.from(readFileSync('public/logo.png')).equals(Buffer.from(logo))).toBe(true);
    expect(organizationJsonLd('https://rwa.example').logo).toEqual({
      '@type': 'ImageObject',
      url: 'https://rwa.example/logo.png',
      width: 512,
      height: 512,
    });
  });

  it('writes text the 5x7 font can draw, wrapped and cut', () => {
    expect(cardText('Café “crème” — 50%')).toBe('CAFE "CREME" - 50%');
    expect(cardText('emoji 🚀 ok')).toBe('EMOJI ?? OK');
    expect(wrapWords('ONE TWO THREE FOUR', 9, 2)).toEqual(['ONE TWO', 'THREE...']);
    expect(wrapWords('AVERYLONGWORDINDEED', 8, 1)).toEqual(['AVERYLO-']);
  });

  it('encodes pixels as they were drawn (a tiny raster, read back through zlib)', async () => {
    const r = new Raster(2, 1, '#000000');
    r.rect(1, 0, 1, 1, '#ff8000');
    const png = encodePng(r);
    const { inflateSync } = await import('node:zlib');
    const idatLength = new DataView(png.buffer, png.byteOffset).getUint32(33);
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...rows]).toEqual([0, 0, 0, 0, 255, 128, 0]);
  });
});
