import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { contentFixtures } from '../support/content.ts';
import { BLOG_SLUG, PAGE_KINDS, RESEARCH_SLUG } from './page-kinds.ts';

/**
 * What search engines and link previews read, on the real server: JSON-LD on every page kind
 * (parsed, not pattern-matched), og:image on every public page with its size and alt, the
 * generated cards and the logo as real PNGs of the stated size, and the sitemap.
 */
const base = inject('baseUrl');
const fixtures = contentFixtures(inject('databaseUrl'));
const NO_IMAGE_SLUG = 'ld-post-without-image';

type Node = Record<string, unknown> & { '@type'?: string };

async function page(path: string) {
  const res = await fetch(base + path);
  const html = await res.text();
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Node);
  const nodes = ld.flatMap((d) => (Array.isArray(d['@graph']) ? (d['@graph'] as Node[]) : [d]));
  const meta = (property: string) =>
    new RegExp(`<meta (?:property|name)="${property.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
  return { res, html, nodes, meta, ofType: (type: string) => nodes.filter((n) => n['@type'] === type) };
}

/** Width and height from a PNG's IHDR, after checking the signature. */
async function pngSize(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type'), url).toBe('image/png');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  const view = new DataView(bytes.buffer);
  return { width: view.getUint32(16), height: view.getUint32(20), cacheControl: res.headers.get('cache-control') };
}

beforeAll(async () => {
  await fixtures.post({ slug: NO_IMAGE_SLUG, title: 'A post with no image', excerpt: 'Plain words only.', authorId: 'research-desk' });
  await fixtures.post({ slug: 'ld-draft-post', title: 'Secret draft', published: false });
});
afterAll(() => fixtures.cleanup());

describe('JSON-LD on every page kind', () => {
  for (const kind of PAGE_KINDS.filter((k) => !k.signedIn)) {
    it(`${kind.name}: parses, and has a BreadcrumbList ending at this page`, async () => {
      const { nodes, ofType, meta } = await page(kind.path);
      expect(nodes.length).toBeGreaterThan(0);
      for (const n of nodes) expect(n['@type'], JSON.stringify(n).slice(0, 80)).toBeTruthy();
      const [crumbs] = ofType('BreadcrumbList');
      const items = crumbs.itemListElement as { position: number; name: string; item: string }[];
      expect(items[0]).toMatchObject({ position: 1, name: 'Home', item: `${base}/` });
      items.forEach((it, i) => {
        expect(it.position).toBe(i + 1);
        expect(it.name.length).toBeGreaterThan(0);
        expect(it.item.startsWith(base + '/')).toBe(true);
      });
      if (kind.status === 200 && kind.public) expect(items.at(-1)!.item).toBe(meta('og:url'));
    });
  }

  it('home: WebSite and Organization, the logo a PNG of at least 112 px as stated', async () => {
    const { ofType } = await page('/');
    const [site] = ofType('WebSite');
    const [org] = ofType('Organization');
    expect(site).toMatchObject({ url: `${base}/`, name: 'RWA Analytics', publisher: { '@id': org['@id'] } });
    const logo = org.logo as { '@type': string; url: string; width: number; height: number };
    expect(logo['@type']).toBe('ImageObject');
    expect(logo.width).toBeGreaterThanOrEqual(112);
    expect(await pngSize(logo.url)).toMatchObject({ width: logo.width, height: logo.height });
  });

  it('a blog post is a BlogPosting: Person author with a name and a page, an image, a raster logo', async () => {
    const { ofType } = await page(`/blog/${BLOG_SLUG}`);
    const [post] = ofType('BlogPosting');
    const author = post.author as { '@type': string; name: string; url: string };
    expect(author['@type']).toBe('Person');
    expect(author.name).toBe('RWA Analytics Team');
    expect(author.name).not.toMatch(/^[a-z0-9-]+$/); // a name, not the author id
    const authorPage = await fetch(author.url);
    expect(authorPage.status).toBe(200);
    expect(await authorPage.text()).toContain(`/blog/${BLOG_SLUG}`);
    expect((post.image as string[]).length).toBe(1);
    const logo = (post.publisher as { logo: { url: string; width: number } }).logo;
    expect(logo.url).toBe(`${base}/logo.png`);
    expect(logo.width).toBeGreaterThanOrEqual(112);
  });

  it('a research article stays an Article (analysis, not a ScholarlyArticle), with a Person author', async () => {
    const { ofType } = await page(`/research/${RESEARCH_SLUG}`);
    const [article] = ofType('Article');
    expect(article.author).toMatchObject({ '@type': 'Person', name: 'RWA Research Team', url: `${base}/authors/rwa-research-team` });
    expect(ofType('BlogPosting')).toHaveLength(0);
  });

  it('a post without an image gets its generated card as image and og:image', async () => {
    const { ofType, meta } = await page(`/blog/${NO_IMAGE_SLUG}`);
    const card = meta('og:image')!;
    expect(new URL(card).pathname).toBe(`/og/blog/${NO_IMAGE_SLUG}.png`);
    expect(ofType('BlogPosting')[0].image).toEqual([card.replace(/&amp;/g, '&')]);
    expect(await pngSize(card.replace(/&amp;/g, '&'))).toMatchObject({ width: 1200, height: 630 });
    expect(ofType('BlogPosting')[0].author).toMatchObject({ name: 'Research Desk' });
    // A draft has no page, so no card either.
    expect((await fetch(`${base}/og/blog/ld-draft-post.png`)).status).toBe(404);
    expect((await fetch(`${base}/og/not-a-card.png`)).status).toBe(404);
  });
});

describe('og:image on every public page', () => {
  for (const kind of PAGE_KINDS.filter((k) => k.public)) {
    it(`${kind.name}: og:image with alt; a generated one answers 200 image/png at the stated size`, async () => {
      const { meta } = await page(kind.path);
      const image = meta('og:image')?.replace(/&amp;/g, '&');
      expect(image).toMatch(/^https?:\/\//);
      expect(meta('og:image:alt')?.length).toBeGreaterThan(3);
      expect(meta('twitter:card')).toBe('summary_large_image');
      const width = meta('og:image:width');
      if (!width) {
        // An item's own image (its socialImage or featured image), whose size the site does not know.
        expect(kind.name).toMatch(/^(blog|research)-(post|article)$/);
        expect((await fetch(image!)).status).toBe(200);
        return;
      }
      expect(meta('og:image:type')).toBe('image/png');
      const size = await pngSize(image!);
      expect(size).toMatchObject({ width: Number(width), height: Number(meta('og:image:height')) });
      expect(size.cacheControl).toMatch(/max-age=\d{4,}/);
    });
  }

  it('a data page card carries the data version in its URL, so a new as-of date is a new image', async () => {
    const { meta } = await page('/stablecoins');
    expect(meta('og:image')).toMatch(/\/og\/stablecoins\.png\?v=\d{4}-\d{2}-\d{2}$/);
  });
});

describe('sitemap and /blog', () => {
  const parser = new XMLParser({ isArray: (name) => name === 'url' });
  it('lists /sources, /blog and the author pages, and gives data pages the data as-of date as lastmod', async () => {
    const xml = await (await fetch(`${base}/sitemap.xml`)).text();
    const urls = parser.parse(xml).urlset.url as { loc: string; lastmod?: string }[];
    const byPath = new Map(urls.map((u) => [new URL(u.loc).pathname, u.lastmod]));
    for (const p of ['/sources', '/sources/public-figures', '/blog', '/research', `/blog/${NO_IMAGE_SLUG}`])
      expect(byPath.has(p), p).toBe(true);
    expect(byPath.has('/blog/ld-draft-post')).toBe(false);
    for (const p of ['/', '/networks', '/stablecoins', '/treasuries', '/private-credit', '/commodities', '/sources']) {
      expect(byPath.get(p), p).toBe('2025-09-12T00:00:00.000Z');
    }
    const authors = [...byPath.keys()].filter((p) => p.startsWith('/authors/'));
    expect(authors).toContain('/authors/research-desk');
    for (const p of [...byPath.keys()]) expect((await fetch(base + p, { redirect: 'manual' })).status, p).toBe(200);
  });

  it('/blog lists the published posts, newest first, cached like /research', async () => {
    const res = await fetch(`${base}/blog`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=0, s-maxage=\d+/);
    const html = await res.text();
    expect(html).toContain(`href="/blog/${BLOG_SLUG}"`);
    expect(html).toContain(`href="/blog/${NO_IMAGE_SLUG}"`);
    expect(html).not.toContain('ld-draft-post');
    expect(html.indexOf(`/blog/${NO_IMAGE_SLUG}`)).toBeLessThan(html.indexOf(`/blog/${BLOG_SLUG}`));
  });

  it('/sources links to the public figures it cites, and that page answers', async () => {
    const html = await (await fetch(`${base}/sources`)).text();
    expect(html).not.toContain('href="public-figures.md"');
    expect(html).toContain('href="/sources/public-figures"');
    const figures = await fetch(`${base}/sources/public-figures`);
    expect(figures.status).toBe(200);
    expect(await figures.text()).toContain('Public figures on tokenized real-world assets');
  });
});
