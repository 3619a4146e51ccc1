import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse } from 'parse5';
import { contentFixtures } from '../support/content.ts';

interface P5Node {
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: P5Node[];
}

const base = inject('baseUrl');
const fixtures = contentFixtures(inject('databaseUrl'));
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'item' });

const get = (path: string, init: RequestInit = {}) => fetch(base + path, { redirect: 'manual', ...init });
const isAbsolute = (u: string) => /^https?:\/\/[^/]+\//.test(u);

beforeAll(async () => {
  await fixtures.post({ slug: 'seo-draft-post', title: 'Secret draft post', published: false });
  await fixtures.article({ slug: 'seo-draft-article', title: 'Secret draft article', published: false });
  await fixtures.post({
    slug: 'seo-hostile-post',
    title: 'Breaking </script><script>window.pwned=1</script> & "quotes"',
    excerpt: 'An <b>excerpt</b> with & and </script>',
    canonicalUrl: 'https://example.com/original-post',
    socialImage: '/images/blog/welcome.jpg',
    tags: ['seo'],
  });
});
afterAll(() => fixtures.cleanup());

describe('/sitemap.xml', () => {
  it('is valid XML listing the public pages and published items with lastmod, absolute URLs only', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    expect(res.headers.get('cache-control')).toMatch(/s-maxage=60/);
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const urls = parser.parse(xml).urlset.url as { loc: string; lastmod?: string }[];
    const locs = urls.map((u) => u.loc);
    for (const loc of locs) expect(isAbsolute(loc), loc).toBe(true);
    const paths = locs.map((l) => new URL(l).pathname);
    for (const p of [
      '/',
      '/networks',
      '/stablecoins',
      '/treasuries',
      '/commodities',
      '/private-credit',
      '/global-bonds',
      '/institutional-funds',
      '/stocks',
      '/research',
      '/alerts',
      '/corrections',
    ])
      expect(paths).toContain(p);
    expect(paths).toContain('/blog/welcome-to-rwa-analytics');
    expect(paths).toContain('/research/state-of-tokenized-treasuries-2025');
    expect(paths).toContain('/blog/seo-hostile-post');
    expect(paths).not.toContain('/blog/seo-draft-post');
    expect(paths).not.toContain('/research/seo-draft-article');
    expect(paths.some((p) => p.startsWith('/admin') || p.startsWith('/login') || p.startsWith('/api'))).toBe(false);
    const item = urls.find((u) => u.loc.endsWith('/blog/welcome-to-rwa-analytics'))!;
    expect(Number.isNaN(Date.parse(item.lastmod!))).toBe(false);
  });
});

describe('/robots.txt', () => {
  it('keeps /admin, /login and /api out and points at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const lines = (await res.text()).split('\n').map((l) => l.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /login');
    expect(lines.some((l) => /^Disallow: \/api\/?$/.test(l))).toBe(true);
    const sitemap = lines.find((l) => l.startsWith('Sitemap: '))!;
    expect(sitemap).toBe(`Sitemap: ${base}/sitemap.xml`);
  });
});

describe('/rss.xml', () => {
  it('is RSS 2.0 of published posts and articles with absolute links', async () => {
    const res = await get('/rss.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/rss\+xml/);
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const rss = parser.parse(xml).rss;
    expect(rss['@_version']).toBe('2.0');
    const channel = rss.channel;
    expect(channel.title).toBeTruthy();
    expect(isAbsolute(channel.link)).toBe(true);
    const items = channel.item as { title: string; link: string; guid: { '#text': string }; pubDate: string; description: string }[];
    const links = items.map((i) => new URL(i.link).pathname);
    expect(links).toContain('/blog/welcome-to-rwa-analytics');
    expect(links).toContain('/research/state-of-tokenized-treasuries-2025');
    expect(links).not.toContain('/blog/seo-draft-post');
    expect(links).not.toContain('/research/seo-draft-article');
    for (const i of items) {
      expect(isAbsolute(i.link)).toBe(true);
      expect(i.guid['#text']).toBe(i.link);
      expect(Number.isNaN(Date.parse(i.pubDate))).toBe(false);
    }
    // Hostile text arrives as text, escaped, not as markup.
    const hostile = items.find((i) => i.link.endsWith('/blog/seo-hostile-post'))!;
    expect(hostile.title).toBe('Breaking </script><script>window.pwned=1</script> & "quotes"');
    const dates = items.map((i) => Date.parse(i.pubDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('is linked from the head of the pages', async () => {
    const html = await (await get('/research')).text();
    expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/rss.xml"/);
  });
});

describe('the alert feeds', () => {
  /** The <link rel="alternate"> of a page's head, parsed: type, title and href. */
  const alternates = (html: string) => {
    const headHtml = html.split('</head>')[0];
    return [...headHtml.matchAll(/<link rel="alternate"([^>]*)>/g)].map((m) => {
      const attr = (n: string) => new RegExp(`${n}="([^"]*)"`).exec(m[1])?.[1]?.replace(/&amp;/g, '&');
      return { type: attr('type'), title: attr('title'), href: attr('href') };
    });
  };

  it('are announced in the head of / and /alerts, each answering with its media type', async () => {
    for (const path of ['/', '/alerts']) {
      const found = alternates(await (await get(path)).text());
      const feeds = found.filter((l) => l.href?.startsWith('/api/alerts/'));
      expect(
        feeds.map((l) => [l.type, l.href]),
        path,
      ).toEqual([
        ['application/atom+xml', '/api/alerts/feed.atom'],
        ['application/feed+json', '/api/alerts/feed.json'],
      ]);
      for (const f of feeds) {
        expect(f.title, path).toMatch(/alerts/);
        const res = await get(f.href!);
        expect(res.status, f.href).toBe(200);
        expect(res.headers.get('content-type'), f.href).toContain(f.type);
      }
    }
  });

  it("a filtered /alerts announces the filter's feeds; a malformed filter is dropped, never echoed", async () => {
    const feeds = alternates(await (await get('/alerts?class=Stablecoins&network=ethereum')).text()).filter(
      (l) => l.type !== 'application/rss+xml',
    );
    expect(feeds.map((l) => l.href)).toEqual([
      '/api/alerts/feed.atom?class=stablecoins&network=ethereum',
      '/api/alerts/feed.json?class=stablecoins&network=ethereum',
    ]);
    const hostile = await (await get('/alerts?asset=%22%3E%3Cscript%3E')).text();
    expect(alternates(hostile).map((l) => l.href)).toContain('/api/alerts/feed.atom');
    // Echoed, the value would add a `"><script>` the plain page lacks (its own head script follows a meta tag).
    const count = (html: string) => html.split('"><script>').length;
    expect(count(hostile)).toBe(count(await (await get('/alerts')).text()));
    expect(hostile).not.toContain('%22%3E%3Cscript');
  });
});

/** The <head> values a crawler or link preview reads. */
function head(html: string) {
  const meta = (attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1];
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    description: meta('name', 'description'),
    ogType: meta('property', 'og:type'),
    ogUrl: meta('property', 'og:url'),
    ogImage: meta('property', 'og:image'),
    twitterCard: meta('name', 'twitter:card'),
    robots: meta('name', 'robots'),
    ld,
  };
}

describe('reading pages in the first HTML', () => {
  it('a post carries title, description, canonical, og, twitter and a JSON-LD BlogPosting', async () => {
    const res = await get('/blog/welcome-to-rwa-analytics');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    const h = head(await res.text());
    expect(h.title).toBe('Welcome to RWA Analytics: $29B of Real-World Assets Onchain | RWA Analytics');
    expect(h.description).toMatch(/^What RWA Analytics tracks/);
    expect(h.canonical).toBe(`${base}/blog/welcome-to-rwa-analytics`);
    expect(h.ogUrl).toBe(`${base}/blog/welcome-to-rwa-analytics`);
    expect(h.ogType).toBe('website');
    expect(h.ogImage).toBe(`${base}/images/blog/welcome.jpg`);
    expect(h.twitterCard).toBe('summary_large_image');
    const article = h.ld.find((d) => d.headline);
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Welcome to RWA Analytics: Tracking $29B of Real-World Assets Onchain',
      datePublished: '2025-09-12T09:00:00.000Z',
      // A name and a page, not the author id.
      author: { '@type': 'Person', name: 'RWA Analytics Team', url: `${base}/authors/rwa-analytics-team` },
      image: [`${base}/images/blog/welcome.jpg`],
    });
    expect(Date.parse(article.dateModified)).not.toBeNaN();
  });

  it('an article uses its category and author in the JSON-LD', async () => {
    const h = head(await (await get('/research/stablecoins-278-billion-market-structure')).text());
    expect(h.ld.find((d) => d.headline)).toMatchObject({
      '@type': 'Article',
      author: { '@type': 'Person', name: 'Market Analysis Desk' },
      articleSection: 'Market Analysis',
    });
    expect(h.description).toMatch(/^Stablecoins hit \$278.14B/);
  });

  it('honours canonicalUrl and socialImage, and escapes a hostile title everywhere', async () => {
    const html = await (await get('/blog/seo-hostile-post')).text();
    const h = head(html);
    expect(h.canonical).toBe('https://example.com/original-post');
    expect(h.ogImage).toBe(`${base}/images/blog/welcome.jpg`);
    expect(h.ld.find((d) => d.headline).headline).toBe('Breaking </script><script>window.pwned=1</script> & "quotes"');
    // Parsed the way a browser parses it: the hostile text is text and attribute values only.
    const elements: { tag: string; type?: string; text: string }[] = [];
    const walk = (node: P5Node) => {
      if (node.tagName) {
        const text = (node.childNodes ?? []).map((c) => c.value ?? '').join('');
        elements.push({ tag: node.tagName, type: node.attrs?.find((a) => a.name === 'type')?.value, text });
      }
      node.childNodes?.forEach(walk);
    };
    walk(parse(html) as unknown as P5Node);
    const scripts = elements.filter((e) => e.tag === 'script' && e.text.includes('pwned'));
    // The article's JSON-LD and the breadcrumb trail (which names the page) carry it, as data.
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(scripts.map((s) => s.type))).toEqual(new Set(['application/ld+json']));
    expect(elements.some((e) => e.tag === 'b')).toBe(false);
  });

  it('drafts and unknown slugs are 404 with the spec texts, not cached, not indexed', async () => {
    for (const [path, text] of [
      ['/blog/seo-draft-post', 'Post Not Found'],
      ['/blog/no-such-post', 'Post Not Found'],
      ['/research/seo-draft-article', 'Article Not Found'],
      ['/research/no-such-article', 'Article Not Found'],
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      const html = await res.text();
      expect(html).toContain(text);
      expect(html).not.toContain('Secret draft');
      expect(head(html).robots).toBe('noindex, nofollow');
    }
  });

  it('the research listing is cacheable, but never in a shared cache for a request with a session cookie', async () => {
    expect((await get('/research')).headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    const res = await get('/research', { headers: { Cookie: 'rwa_session=not-a-real-token' } });
    // The unknown session is cleared in the same answer: it sets a cookie, so nothing may store it.
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('/api/placeholder', () => {
  const draw = async (text: string) => {
    const res = await get('/api/placeholder?text=' + encodeURIComponent(text));
    expect(res.status).toBe(200);
    const svg = await res.text();
    expect(XMLValidator.validate(svg)).toBe(true);
    const drawn = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]).join(' ');
    return { res, svg, drawn };
  };

  it("draws a public item's title, escaped, with a CSP that forbids scripts", async () => {
    const { res, svg, drawn } = await draw('Breaking </script><script>window.pwned=1</script> & "quotes"');
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, s-maxage=86400');
    expect(svg).not.toContain('<script');
    expect(drawn).toContain('Breaking &lt;/script&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;');
  });

  it.each([
    ['a message of the caller', 'Your account is suspended, call +1 555 0100'],
    ["a draft's title (it would tell the draft exists)", 'Secret draft post'],
    ['a public title with more after it', 'Breaking </script><script>window.pwned=1</script> & "quotes" and more'],
  ])('draws the fixed default label, stored nowhere, for %s', async (_what, text) => {
    const { res, drawn } = await draw(text);
    expect(drawn).toBe('RWA Analytics');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
