/**
 * Server side, on the shared test server: a response that sets a cookie (or answers a
 * session) is never shareable; hostile nesting in a post renders quickly and never stalls the other
 * requests; a page-cache hit says its Age; a trailing slash redirects to the canonical address
 * without opening a redirect elsewhere; a scheduled item's upload stays private until its date; a
 * restored item's old preview links stay dead; commit subjects carry no control characters.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { api, loginCookie } from '../support/http.ts';
import { makePng } from '../support/images.ts';
import { contentFixtures } from '../support/content.ts';

const base = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const fixtures = contentFixtures(databaseUrl);
const { client } = openDatabase({ url: databaseUrl });
const uid = () => Math.random().toString(36).slice(2, 8);
const DAY = 86_400_000;
let cookie: string;

beforeAll(async () => {
  cookie = await loginCookie(base);
});
afterAll(async () => {
  await fixtures.cleanup();
  client.close();
});

/** A GET sent byte for byte as given (fetch would resolve `//x` and backslashes before sending). */
function rawGet(path: string, method = 'GET'): Promise<{ status: number; location?: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers: { Connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a response that sets a cookie is never shareable', () => {
  const PAGES = [
    '/',
    '/networks',
    '/treasuries',
    '/stablecoins',
    '/sources',
    '/research',
    '/blog/welcome-to-rwa-analytics',
    '/sitemap.xml',
    '/rss.xml',
    '/robots.txt',
    '/global-bonds',
    '/nope',
    '/login',
    '/admin',
    '/api/networks',
    '/api/auth/me',
    '/api/blog/posts',
  ];

  const PRERENDERED = ['/global-bonds', '/nope'];

  it('signed-in GETs of every page kind, the sitemap and the feed, with the session renewed on each', async () => {
    const mine = await loginCookie(base);
    const id = createHash('sha256').update(mine.split('=')[1]).digest('hex');
    const withoutCookie: string[] = [];
    for (const path of PAGES) {
      // Ten days left: under half the lifetime, so this request renews it and sets the cookie again.
      await client.execute({ sql: 'UPDATE sessions SET expires_at = ? WHERE id = ?', args: [Date.now() + 10 * DAY, id] });
      // No signed-in hint either: the middleware sets that one too.
      const res = await fetch(base + path, { headers: { Cookie: mine }, redirect: 'manual' });
      await res.arrayBuffer();
      const cc = res.headers.get('cache-control') ?? '';
      const setCookies = res.headers.getSetCookie();
      if (!setCookies.length) withoutCookie.push(path);
      else {
        expect(cc, path).toMatch(/^(private, )?no-store$/);
      }
      expect(cc, path).not.toMatch(/s-maxage/);
      if (!PRERENDERED.includes(path)) expect(cc, path).not.toMatch(/\bpublic\b/);
      expect(res.headers.get('x-cache'), path).toBeNull();
    }
    // Every server-rendered answer renewed the session (the test means something); the pre-rendered
    // pages, the same for everyone and answered before any session is read, set nothing.
    expect(withoutCookie).toEqual(PRERENDERED);
  });

  it('a signed-in visitor with the hint and a fresh session gets a private answer, never a stored one', async () => {
    for (const path of ['/', '/networks', '/sitemap.xml', '/rss.xml']) {
      const res = await fetch(base + path, { headers: { Cookie: `${cookie}; rwa_signed_in=1` } });
      expect(res.headers.getSetCookie(), path).toEqual([]);
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
    }
  });

  it('a forged session cookie is cleared with a private, no-store answer', async () => {
    const res = await fetch(base + '/networks', { headers: { Cookie: 'rwa_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' } });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('rwa_session=;'))).toBe(true);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('hostile nesting in a post', () => {
  it('40,000 ">" renders with 200 (it took 14.5 s before the limiter), the text kept', async () => {
    const slug = `nest-${uid()}`;
    await fixtures.post({ slug, content: '>'.repeat(40_000) + ' deep words\n\n' + '- '.repeat(5000) + 'listed words' });
    // Time is bounded by the markup worker's limit (the next test); this one pins the answer.
    const res = await fetch(`${base}/blog/${slug}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('deep words');
    expect(html).toContain('listed words');
  });

  it('20,000 nested raw <div> (past what any limiter counts) degrade to text with 200, not a 500', async () => {
    const slug = `divs-${uid()}`;
    await fixtures.post({ slug, content: 'Before the divs.\n\n' + '<div>'.repeat(20_000) + 'div words' });
    const res = await fetch(`${base}/blog/${slug}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Before the divs.');
    expect(html).toContain('div words');
    // Degraded means escaped: the author's tags are text, never markup.
    expect(html).not.toContain('<div><div><div>');
  });

  it('a text the pipeline cannot finish in time degrades to plain paragraphs, and other requests are served meanwhile', async () => {
    // 40,000 link reference definitions and uses: about 20 s of the Markdown pipeline, which the
    // nesting limiter does not shorten. It runs in the worker and is cut at its time limit.
    const slug = `slow-${uid()}`;
    const n = 40_000;
    const content =
      'Opening words.\n\n' +
      Array.from({ length: n }, (_, i) => `[l${i}]: /u${i}`).join('\n') +
      '\n\n' +
      Array.from({ length: n }, (_, i) => `[l${i}]`).join(' ');
    await fixtures.post({ slug, content });

    let slowDone = false;
    const slow = fetch(`${base}/blog/${slug}`).then(async (r) => {
      const answer = { status: r.status, html: await r.text() };
      slowDone = true;
      return answer;
    });
    // While it renders, the event loop is free: other answers come back before it does (a
    // rendering on the event loop would hold them until it ended).
    let answeredMeanwhile = 0;
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${base}/api/networks`);
      await r.arrayBuffer();
      expect(r.status).toBe(200);
      if (!slowDone) answeredMeanwhile++;
    }
    expect(answeredMeanwhile).toBe(3);
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('Opening words.');

    // The degraded rendering is kept: the next view gets the same page.
    const again = await fetch(`${base}/blog/${slug}`, { headers: { Cookie: cookie } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Opening words.');
  });
});

describe('page-cache hits', () => {
  it('say their Age, so a cache behind counts s-maxage from the rendering', async () => {
    // Other suites write to the shared database (a write ends every entry): try a few times.
    for (let attempt = 0; attempt < 5; attempt++) {
      await (await fetch(base + '/research')).text();
      const rendered = Date.now();
      await new Promise((ok) => setTimeout(ok, 2100));
      const hit = await fetch(base + '/research');
      await hit.text();
      if (hit.headers.get('x-cache') !== 'HIT') continue;
      const age = Number(hit.headers.get('age'));
      expect(age).toBeGreaterThanOrEqual(2);
      expect(age).toBeLessThanOrEqual(Math.ceil((Date.now() - rendered) / 1000));
      expect(hit.headers.get('cache-control')).toMatch(/s-maxage=(\d+)/);
      return;
    }
    throw new Error('no page-cache hit in five attempts');
  });
});

describe('trailing slashes', () => {
  it('redirect to the address without one, query kept, for pre-rendered and server-rendered pages', async () => {
    const cases: [string, string][] = [
      ['/stablecoins/', '/stablecoins'],
      ['/networks/', '/networks'],
      ['/global-bonds/', '/global-bonds'],
      ['/research/', '/research'],
      ['/blog/welcome-to-rwa-analytics/', '/blog/welcome-to-rwa-analytics'],
      ['/research/?page=2&x=%2F%2Fevil', '/research?page=2&x=%2F%2Fevil'],
      ['/sitemap.xml/', '/sitemap.xml'],
      ['/api/networks/', '/api/networks'],
      ['/nope/', '/nope'],
    ];
    for (const [from, to] of cases) {
      const res = await rawGet(from);
      expect(res.status, from).toBe(301);
      expect(res.location, from).toBe(to);
    }
    expect((await rawGet('/networks/', 'HEAD')).status).toBe(301);
    const post = await api(base, '/api/blog/posts/', { method: 'POST', cookie, body: { title: 'x' } });
    expect(post.status).toBe(308);
    expect(post.headers.get('location')).toBe('/api/blog/posts');
    expect((await rawGet('/')).status).toBe(200);
    expect((await rawGet('/stablecoins')).status).toBe(200);
  });

  it('never redirect off the site', async () => {
    for (const path of ['//evil.com/', '///evil.com/', '/\\evil.com/', '//evil.com//', '/\\/evil.com/', '/%2F%2Fevil.com/', '///']) {
      const res = await rawGet(path);
      if (res.status < 300 || res.status >= 400) continue;
      const location = res.location ?? '';
      expect(location, path).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, base).origin, path).toBe(base);
    }
    expect((await rawGet('//evil.com/')).location).toBe('/evil.com');
  });
});

describe('uploads of a scheduled item', () => {
  it('stay private until the item is published at its date', async () => {
    const res = await fetch(base + '/api/uploads', {
      method: 'POST',
      headers: { Origin: base, Cookie: cookie, 'Content-Type': 'image/png' },
      body: new Uint8Array(makePng(12, 9)),
    });
    const saved = await res.json();
    const slug = `scheduled-upload-${uid()}`;
    await fixtures.post({ slug, featuredImage: saved.url, publishedAt: new Date(Date.now() + DAY) });
    const early = await fetch(base + saved.url);
    expect(early.status).toBe(404);
    expect(early.headers.get('cache-control')).toBe('no-store');
    await client.execute({ sql: 'UPDATE blog_posts SET published_at = ? WHERE slug = ?', args: [Date.now() - 1000, slug] });
    const onTime = await fetch(base + saved.url);
    expect(onTime.status).toBe(200);
  });
});

describe('restoring a deleted item', () => {
  it('does not bring its preview links back', async () => {
    const call = (path: string, init: Parameters<typeof api>[2] = {}) => api(base, path, { cookie, ...init });
    const item = await (await call('/api/blog/posts', { body: { title: `Revive ${uid()}`, content: 'Draft words.' } })).json();
    const link = await (await call(`/api/content/blog/${item.id}/preview-links`, { method: 'POST' })).json();
    expect((await fetch(base + link.url)).status).toBe(200);
    expect((await call(`/api/blog/posts/${item.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(base + link.url)).status).toBe(404);

    const deleted = await (await call('/api/content/blog/deleted')).json();
    const entry = deleted.find((d: { articleId: number }) => d.articleId === item.id);
    expect((await call(`/api/content/blog/deleted/${entry.revisionId}/restore`, { method: 'POST' })).ok).toBe(true);
    expect((await call(`/api/blog/posts/by-slug/${item.slug}`)).status).toBe(200);
    expect((await fetch(base + link.url)).status).toBe(404);
    const links = await (await call(`/api/content/blog/${item.id}/preview-links`)).json();
    expect(links).toEqual([expect.objectContaining({ id: link.id, revoked: true })]);
    // A new link works: only the old ones ended.
    const fresh = await (await call(`/api/content/blog/${item.id}/preview-links`, { method: 'POST' })).json();
    expect((await fetch(base + fresh.url)).status).toBe(200);
    await call(`/api/blog/posts/${item.id}`, { method: 'DELETE' });
  });
});

describe('commit subjects', () => {
  it('carry no ESC, BEL, bidi override or line break from a title', async () => {
    const title = `Ctl ${uid()} \u001b[31mred\u0007 \u202Egnp.exe\u202C\u2066x\u2069 two\nlines \u0085c1`;
    const res = await api(base, '/api/blog/posts', { cookie, body: { title, content: 'Body.' } });
    expect(res.status).toBe(201);
    const item = await res.json();
    const { rows } = await client.execute({
      sql: 'SELECT message FROM content_revisions WHERE article_id = ? AND kind = ?',
      args: [item.id, 'blog'],
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const { message } of rows) {
      expect(String(message)).not.toMatch(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u);
      expect(String(message)).toContain('[31mred');
      expect(String(message)).toContain('gnp.exe');
    }
    await api(base, `/api/blog/posts/${item.id}`, { method: 'DELETE', cookie });
  });
});
