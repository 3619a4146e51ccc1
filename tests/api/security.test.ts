/**
 * Server security on the shared test server: pages answer only GET/HEAD, the page cache hits and is
 * kept by requests that change nothing, /_image is gone, RSS carries text, sessions end at their
 * absolute lifetime and "sign out everywhere" ends them all, draft uploads are private and uploads
 * can be deleted, and the baseline headers include Permissions-Policy and COOP.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { openDatabase } from '#db/client.ts';
import { api, loginCookie } from '../support/http.ts';
import { makePng, makePngHeader } from '../support/images.ts';
import { contentFixtures } from '../support/content.ts';

const base = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const fixtures = contentFixtures(databaseUrl);
let cookie: string;
const uid = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  cookie = await loginCookie(base);
});
afterAll(() => fixtures.cleanup());

describe('pages answer only GET and HEAD', () => {
  for (const path of ['/', '/networks', '/treasuries', '/login', '/research', '/blog/welcome-to-rwa-analytics', '/sitemap.xml', '/nope']) {
    it(`${path}: POST, PUT, DELETE and PATCH are 405 with Allow`, async () => {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const res = await fetch(base + path, {
          method,
          headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'a=1',
        });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD');
      }
      expect((await fetch(base + path, { method: 'HEAD' })).status).toBe(path === '/nope' ? 404 : 200);
    });
  }
});

describe('page cache', () => {
  const page = (path = '/') => fetch(base + path);

  it('hits on / and /networks, also for parallel requests (served by different pooled connections)', async () => {
    for (const path of ['/', '/networks']) {
      await (await page(path)).text();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => page(path).then(async (r) => ({ cache: r.headers.get('x-cache'), body: await r.text() }))),
      );
      expect(answers.map((a) => a.cache)).toEqual(Array(12).fill('HIT'));
    }
  });

  it('is kept by anonymous writes to a page and by refused API writes; a real change renders afresh', async () => {
    await (await page()).text();
    expect((await page()).headers.get('x-cache')).toBe('HIT');
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect((await fetch(base + '/', { method, headers: { Origin: base } })).status).toBe(405);
      expect((await page()).headers.get('x-cache'), `after ${method} /`).toBe('HIT');
    }
    expect((await api(base, '/api/blog/posts', { body: { title: 'x', content: 'y' } })).status).toBe(401);
    expect((await api(base, '/api/research/999999', { method: 'DELETE', cookie })).status).toBe(404);
    expect((await api(base, '/api/blog/posts', { cookie, body: { title: '' } })).status).toBe(400);
    expect((await page()).headers.get('x-cache'), 'after refused writes').toBe('HIT');

    const created = await api(base, '/api/blog/posts', {
      cookie,
      body: { title: `Cache news ${uid()}`, content: 'Body text.', published: true },
    });
    expect(created.status).toBe(201);
    const item = await created.json();
    const after = await page();
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toContain(item.title);
    expect((await api(base, `/api/blog/posts/${item.id}`, { method: 'DELETE', cookie })).status).toBe(204);
  });

  it('never gives a signed-in visitor the shared answer', async () => {
    const path = '/blog/welcome-to-rwa-analytics';
    await (await page(path)).text();
    expect((await page(path)).headers.get('x-cache')).toBe('HIT');
    const signedIn = await fetch(base + path, { headers: { Cookie: `${cookie}; rwa_signed_in=1` } });
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    // A stale or forged session cookie is not served from the cache either: it is cleared.
    const stale = await fetch(base + path, { headers: { Cookie: 'rwa_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' } });
    expect(stale.headers.get('x-cache')).toBeNull();
    expect(stale.headers.getSetCookie().some((c) => c.startsWith('rwa_session=;'))).toBe(true);
  });

  it('notices a change written by another connection (a script, an ingest)', async () => {
    await (await page('/research')).text();
    expect((await page('/research')).headers.get('x-cache')).toBe('HIT');
    const { client } = openDatabase({ url: databaseUrl, authToken: inject('databaseAuthToken') });
    await client.execute('UPDATE research_articles SET updated_at = updated_at WHERE id = (SELECT min(id) FROM research_articles)');
    client.close();
    expect((await page('/research')).headers.get('x-cache')).toBe('MISS');
  });
});

describe('pre-rendered pages', () => {
  it('carry an ETag and answer a revalidation with 304', async () => {
    const first = await fetch(base + '/global-bonds');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(base + '/global-bonds', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect((await fetch(base + '/global-bonds', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });
});

describe('/_image', () => {
  it('is 404: astro:assets is not used and must not spend the server on image work', async () => {
    for (const q of ['href=/images/blog/welcome.jpg&w=1200&f=avif&q=90', 'href=https://example.com/x.png&w=10', '']) {
      const res = await fetch(`${base}/_image?${q}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).not.toMatch(/^image\//);
    }
  });
});

describe('RSS', () => {
  it('carries descriptions as escaped text, never as markup a reader would render', async () => {
    const slug = `rss-html-${uid()}`;
    await fixtures.post({ slug, title: 'RSS <b>title</b>', excerpt: '<img src=x onerror=alert(1)> <script>alert(2)</script> & more' });
    const xml = await (await fetch(base + '/rss.xml')).text();
    const items = new XMLParser({ isArray: (n) => n === 'item' }).parse(xml).rss.channel.item as {
      link: string;
      description: string;
      title: string;
    }[];
    const item = items.find((i) => i.link.endsWith(`/blog/${slug}`))!;
    // After the XML layer, what a reader renders as HTML: escaped text, no element.
    expect(item.description).not.toMatch(/<img|<script/i);
    expect(item.description).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(item.description).toContain('&amp; more');
  });
});

describe('sessions', () => {
  it('end at their absolute lifetime however recently they were renewed', async () => {
    const mine = await loginCookie(base);
    expect((await api(base, '/api/auth/me', { cookie: mine })).status).toBe(200);
    const { client } = openDatabase({ url: databaseUrl, authToken: inject('databaseAuthToken') });
    // Signed in 91 days ago, still within its sliding expiry.
    const token = mine.split('=')[1];
    const { createHash } = await import('node:crypto');
    const id = createHash('sha256').update(token).digest('hex');
    await client.execute({
      sql: 'UPDATE sessions SET created_at = ?, expires_at = ? WHERE id = ?',
      args: [Date.now() - 91 * 86_400_000, Date.now() + 20 * 86_400_000, id],
    });
    client.close();
    const res = await api(base, '/api/auth/me', { cookie: mine });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('rwa_session=;'))).toBe(true);
  });

  it('"sign out everywhere" ends every session of the user; it needs a session', async () => {
    const a = await loginCookie(base);
    const b = await loginCookie(base);
    const out = await api(base, '/api/auth/logout-everywhere', { method: 'POST', cookie: a });
    expect(out.status).toBe(200);
    expect((await out.json()).ended).toBeGreaterThanOrEqual(2);
    expect((await api(base, '/api/auth/me', { cookie: a })).status).toBe(401);
    expect((await api(base, '/api/auth/me', { cookie: b })).status).toBe(401);
    expect((await api(base, '/api/auth/logout-everywhere', { method: 'POST' })).status).toBe(401);
    cookie = await loginCookie(base);
  });
});

describe('uploads', () => {
  const upload = async (bytes: Buffer) =>
    fetch(base + '/api/uploads', {
      method: 'POST',
      headers: { Origin: base, Cookie: cookie, 'Content-Type': 'image/png' },
      body: new Uint8Array(bytes),
    });

  it('refuses a 69-byte PNG declaring 6324x6324, patched or with a recomputed CRC', async () => {
    const patched = makePngHeader(6324, 6324, { fixCrc: false });
    const consistent = makePngHeader(6324, 6324);
    expect(patched.byteLength).toBe(69);
    expect((await upload(patched)).status).toBe(415);
    expect((await upload(consistent)).status).toBe(413);
  });

  it("a draft's image is the admin's until a published item shows it", async () => {
    const saved = await (await upload(makePng(30, 20))).json();
    expect((await fetch(base + saved.url)).status).toBe(404);
    const asAdmin = await fetch(base + saved.url, { headers: { Cookie: `${cookie}; rwa_signed_in=1` } });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get('cache-control')).toBe('private, no-cache');

    const slug = `upload-draft-${uid()}`;
    await fixtures.post({ slug, featuredImage: saved.url, published: false });
    expect((await fetch(base + saved.url)).status).toBe(404);
    await fixtures.post({ slug: slug + '-live', content: `![chart](${saved.url})` });
    const pub = await fetch(base + saved.url);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('can be deleted by the admin (DELETE, session), and then is gone', async () => {
    const saved = await (await upload(makePng(8, 8))).json();
    expect((await api(base, saved.url, { method: 'DELETE' })).status).toBe(401);
    expect((await fetch(base + saved.url, { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await api(base, saved.url, { method: 'DELETE', cookie })).status).toBe(204);
    expect((await fetch(base + saved.url, { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await api(base, saved.url, { method: 'DELETE', cookie })).status).toBe(404);
  });
});

describe('baseline headers', () => {
  it('every kind of answer carries Permissions-Policy and COOP; no HSTS on an http origin', async () => {
    for (const path of ['/', '/treasuries', '/api/assets', '/favicon.svg', '/nope', '/robots.txt']) {
      const res = await fetch(base + path);
      expect(res.headers.get('permissions-policy'), path).toMatch(/camera=\(\)/);
      expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });
});
