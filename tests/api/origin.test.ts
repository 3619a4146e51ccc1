/**
 * The site's origin (architecture.md, "The site's origin"): every absolute URL in every kind of
 * page and in the XML/text outputs comes from the configured origin — here the one the test server
 * serves on, http://127.0.0.1:PORT (SITE_URL unset) — whatever Host, X-Forwarded-Host or
 * X-Forwarded-Proto a visitor sends; a Host carrying a path does not re-route the request; and a
 * forged answer never lands in the page cache for the next visitor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { request } from 'node:http';
import { raw } from '../reliability/support.ts';
import { contentFixtures } from '../support/content.ts';

const base = inject('baseUrl');
const fixtures = contentFixtures(inject('databaseUrl'));
const EVIL = 'evil.example';

const FORGERIES: Record<string, string>[] = [
  { Host: EVIL },
  { Host: `${EVIL}:443`, 'X-Forwarded-Proto': 'https' },
  { 'X-Forwarded-Host': EVIL, 'X-Forwarded-Proto': 'https', 'X-Forwarded-Port': '443', Forwarded: `host=${EVIL};proto=https` },
  { Host: EVIL, 'X-Forwarded-Host': EVIL },
];

/** Every page kind: pre-rendered (data, static, login), 404, server-rendered data pages, reading list and items. */
const PAGES = [
  '/treasuries',
  '/stocks',
  '/login',
  '/does-not-exist',
  '/',
  '/networks',
  '/research',
  '/research/origin-article',
  '/blog/origin-post',
];
const OUTPUTS = ['/sitemap.xml', '/rss.xml', '/robots.txt'];

/** Host names that would be this site (the origin, a build-time default, the forged host, the build placeholder). */
const SELF = new Set(['127.0.0.1', 'localhost', EVIL, 'prerender-origin.invalid']);

/** Every absolute http(s) URL in a body (attributes, JSON-LD, XML text). */
const absoluteUrls = (body: string) => [...body.matchAll(/https?:\/\/[^\s"'<>)\\]+/g)].map((m) => m[0]);

beforeAll(async () => {
  await fixtures.post({
    slug: 'origin-post',
    title: 'Origin post',
    socialImage: '/images/blog/welcome.jpg',
    featuredImage: '/images/blog/welcome.jpg',
  });
  await fixtures.article({ slug: 'origin-article', title: 'Origin article', featuredImage: '/images/blog/welcome.jpg' });
});
afterAll(() => fixtures.cleanup());

describe('absolute URLs come from the configured origin', () => {
  for (const path of [...PAGES, ...OUTPUTS]) {
    it(`${path}: forged Host and X-Forwarded-* get no say`, async () => {
      // Each forgery twice: with a session cookie that names no session, so the page renders for it and
      // is never stored; and as an anonymous visitor, whose answer the page cache may store or give.
      const asked = [...FORGERIES, {}].flatMap((h, i) => [{ ...h, Cookie: `rwa_session=forged-${i}` }, h]);
      for (const headers of asked) {
        const res = await raw(base, path, { headers });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(path === '/does-not-exist' ? 404 : 200);
        expect(res.body).not.toContain(EVIL);
        const ours = absoluteUrls(res.body).filter((u) => SELF.has(new URL(u).hostname));
        expect(ours.length, `${path}: no absolute URL of the site at all`).toBeGreaterThan(0);
        for (const u of ours) expect(new URL(u).origin, `${path} ${JSON.stringify(headers)}: ${u}`).toBe(base);
        expect(String(res.headers.location ?? '')).not.toContain(EVIL);
      }
    });
  }

  it('og:url and canonical are {origin}{path} without a trailing slash, on pre-rendered and server-rendered pages', async () => {
    for (const path of ['/treasuries', '/login', '/stocks', '/networks', '/research', '/blog/origin-post']) {
      // The trailing-slash form is not a second address: it redirects to the canonical one, on this site.
      const slashed = await raw(base, path + '/', { headers: { Host: EVIL } });
      expect(slashed.status, path + '/').toBe(301);
      expect(slashed.headers.location, path + '/').toBe(path);
      for (const asked of [path]) {
        const res = await raw(base, asked, { headers: { Host: EVIL } });
        const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(res.body)?.[1];
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(res.body)?.[1];
        expect(ogUrl, asked).toBe(base + path);
        expect(canonical, asked).toBe(base + path);
      }
    }
    // The not-found page names the address asked for, escaped.
    const missing = await raw(base, '/no/such-page', { headers: { Host: EVIL } });
    expect(missing.status).toBe(404);
    expect(/<meta property="og:url" content="([^"]+)"/.exec(missing.body)?.[1]).toBe(`${base}/no/such-page`);
    const hostile = await raw(base, `/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E"><b>`);
    expect(hostile.status).toBe(404);
    expect(hostile.body).not.toContain('"><b>');
    expect(hostile.body).not.toMatch(/<script>alert/);
    const home = await raw(base, '/');
    expect(/<meta property="og:url" content="([^"]+)"/.exec(home.body)?.[1]).toBe(base + '/');
  });

  it('the /admin guard redirects to a path on this site, whatever the Host', async () => {
    for (const headers of FORGERIES) {
      const res = await raw(base, '/admin/seo?x=1', { headers });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/login?redirect=%2Fadmin%2Fseo%3Fx%3D1');
    }
  });

  it('og:image, JSON-LD and the share URL of a post use the origin', async () => {
    const res = await raw(base, '/blog/origin-post', { headers: { Host: EVIL, 'X-Forwarded-Host': EVIL } });
    expect(/<meta property="og:image" content="([^"]+)"/.exec(res.body)?.[1]).toBe(`${base}/images/blog/welcome.jpg`);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)![1]);
    expect(JSON.stringify(ld)).toContain(`${base}/blog/origin-post`);
    expect(JSON.stringify(ld)).not.toContain(EVIL);
    expect(res.body).toContain(`${base}/blog/origin-post`);
  });

  it('a Host carrying a path does not re-route the request', async () => {
    const port = new URL(base).port;
    for (const host of [`127.0.0.1:${port}/robots.txt?`, `127.0.0.1:${port}/api/auth/me#`, `${EVIL}/sitemap.xml?x=`]) {
      const res = await raw(base, '/treasuries', { headers: { Host: host } });
      expect(res.status, host).toBe(200);
      expect(res.headers['content-type'], host).toMatch(/^text\/html/);
      expect(res.body).toContain('<meta property="og:url"');
    }
    const dynamic = await raw(base, '/networks', { headers: { Host: `127.0.0.1:${port}/robots.txt?` } });
    expect(dynamic.headers['content-type']).toMatch(/^text\/html/);
  });

  it('an absolute-form request target cannot name another host', async () => {
    const { hostname, port } = new URL(base);
    const body = await new Promise<string>((ok, fail) => {
      const req = request({ host: hostname, port, path: `http://${EVIL}/robots.txt`, headers: { Host: EVIL }, agent: false }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => ok(`${res.statusCode}\n${text}`));
      });
      req.on('error', fail);
      req.end();
    });
    expect(body).toMatch(/^200\n/);
    expect(body).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(body).not.toContain(EVIL);
  });

  it('a malformed absolute-form target is a 400 and the server keeps serving', async () => {
    const { hostname, port } = new URL(base);
    const status = await new Promise<number>((ok, fail) => {
      const req = request({ host: hostname, port, path: 'http://[bad/x', agent: false }, (res) => {
        res.resume();
        ok(res.statusCode ?? 0);
      });
      req.on('error', fail);
      req.end();
    });
    expect(status).toBe(400);
    expect((await raw(base, '/robots.txt')).status).toBe(200);
  });

  it('a forged request does not poison the page cache for the next visitor', async () => {
    // Each forged request first, so that it would be the one cached.
    for (const path of ['/', '/networks', '/research', '/blog/origin-post']) {
      const forged = await raw(base, `${path}?poison=1`, { headers: { Host: EVIL, 'X-Forwarded-Host': EVIL } });
      expect(forged.body).not.toContain(EVIL);
      const next = await raw(base, `${path}?poison=1`);
      expect(next.body).not.toContain(EVIL);
      expect(next.body).toContain(`content="${base}${path}"`);
    }
  });
});
