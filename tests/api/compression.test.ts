/**
 * Compressed answers (issue 18): every kind of text answer comes as Brotli, gzip or as is, as the
 * request's Accept-Encoding says (q-values, identity), with `Vary: Accept-Encoding`, and decodes to the
 * same bytes as the uncompressed answer. Already-compressed types (images), HEAD bodies and 304s are
 * never compressed. Raw node:http requests: fetch would ask for and decode compression on its own.
 */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SESSION_COOKIE } from '#lib/server/auth/session-cookie.ts';

const base = inject('baseUrl');

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (r: Raw) =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body;

/** One of the build's hashed scripts, as a page links it, large enough to be worth compressing. */
async function someScript(): Promise<string> {
  const html = decode(await get('/', { 'Accept-Encoding': 'identity' })).toString('utf8');
  for (const [src] of html.matchAll(/\/_astro\/[\w.-]+\.js/g)) {
    if ((await get(src, { 'Accept-Encoding': 'identity' })).body.byteLength > 1024) return src;
  }
  throw new Error('no /_astro script over 1 KB on /');
}

const KINDS: [string, () => Promise<string>][] = [
  ['a pre-rendered page', async () => '/global-bonds'],
  ['a server-rendered, cached page', async () => '/'],
  ['a build asset', someScript],
  ['the not-found page', async () => '/no-such-page-here'],
  ['an API answer', async () => '/api/networks'],
  ['an XML output', async () => '/sitemap.xml'],
];

describe('compression', () => {
  for (const [kind, pathOf] of KINDS) {
    it(`${kind}: br, gzip and identity as asked, each decoding to the same bytes`, async () => {
      const path = await pathOf();
      // Twice as is: the second one comes from the page cache where there is one.
      await get(path, { 'Accept-Encoding': 'identity' });
      const plain = await get(path, { 'Accept-Encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.byteLength).toBeGreaterThan(1024);
      const br = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
      const gzip = await get(path, { 'Accept-Encoding': 'br;q=0, gzip' });
      expect(br.status).toBe(plain.status);
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      for (const r of [plain, br, gzip]) expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
      expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 2);
      expect(decode(br).equals(plain.body)).toBe(true);
      expect(decode(gzip).equals(plain.body)).toBe(true);
    });
  }

  it('honours q-values and refusals', async () => {
    const enc = async (accept: string | undefined) =>
      (await get('/global-bonds', accept === undefined ? {} : { 'Accept-Encoding': accept })).headers['content-encoding'];
    expect(await enc(undefined)).toBeUndefined();
    expect(await enc('gzip;q=0.5, br;q=0.8')).toBe('br');
    expect(await enc('gzip;q=0.9, br;q=0.1')).toBe('gzip');
    expect(await enc('*')).toBe('br');
    expect(await enc('br;q=0, gzip;q=0')).toBeUndefined();
    expect(await enc('deflate')).toBeUndefined();
  });

  it('never compresses an answer for one visitor to a request with cookies (BREACH)', async () => {
    // A session cookie that names no session: the answer clears it, so it is private and sets a cookie.
    const personal = await get('/networks', { 'Accept-Encoding': 'br, gzip', Cookie: `${SESSION_COOKIE}=not-a-session` });
    expect(personal.status).toBe(200);
    expect(String(personal.headers['cache-control'])).toMatch(/private|no-store/);
    expect(personal.headers['content-encoding']).toBeUndefined();
    // The same page anonymously is compressed.
    expect((await get('/networks', { 'Accept-Encoding': 'br' })).headers['content-encoding']).toBe('br');
  });

  it('never compresses an image, a HEAD body or a 304', async () => {
    const image = await get('/logo.png', { 'Accept-Encoding': 'br, gzip' });
    expect(image.status).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();

    const head = await get('/global-bonds', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.body.byteLength).toBe(0);

    const first = await get('/global-bonds', { 'Accept-Encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await get('/global-bonds', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    // The same content asked for in another coding is still not modified.
    const other = await get('/global-bonds', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(other.status).toBe(304);
  });
});
