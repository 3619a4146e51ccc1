/**
 * Compressed answers: every kind of text answer comes as Brotli, gzip or as is, as the
 * request's Accept-Encoding says (q-values, identity), with `Vary: Accept-Encoding`, and decodes to the
 * same bytes as the uncompressed answer. Already-compressed types (images), HEAD bodies and 304s are
 * never compressed. Raw node:http requests: fetch would ask for and decode compression on its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { request, type IncomingHttpHeaders } from 'node:http';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { isCompressibleType } from '../../front-door/encoding.ts';
import { SESSION_COOKIE } from '#lib/server/auth/session-cookie.ts';
import { PROBE_FOLDER_PREFIX } from '../support/constants.ts';

const base = inject('baseUrl');

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * `slow`: the reader waits before its first byte and then takes one chunk at a time with a pause,
 * so the socket fills and the server must hold back. An answer that has not ended after 20 s fails.
 */
function get(path: string, headers: Record<string, string> = {}, method = 'GET', slow = false): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // A fresh connection each: a kept-alive one the server closes after 5 s idle would hang up under a slow suite.
    const req = request(base + path, { method, headers, timeout: 20_000, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      if (slow) {
        res.pause();
        setTimeout(() => res.resume(), 300);
      }
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        if (slow) {
          res.pause();
          setTimeout(() => res.resume(), 1);
        }
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${path}: the answer did not end within 20 s`)));
    req.on('error', (e) => reject(new Error(`${path} (${headers['Accept-Encoding'] ?? 'no Accept-Encoding'}): ${e.message}`)));
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

  it("serves public/'s files as they are on disk, kept an hour, then revalidated with their ETag", async () => {
    for (const [path, type] of [
      ['/logo.png', 'image/png'],
      ['/icons/networks/ethereum.svg', 'image/svg+xml'],
      ['/no-js.css', 'text/css; charset=utf-8'],
    ]) {
      const answer = await get(path, { 'Accept-Encoding': 'br, gzip' });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type'], path).toBe(type);
      expect(answer.headers['cache-control'], path).toBe('public, max-age=3600');
      const bytes = answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.body;
      expect(bytes.equals(readFileSync(join('public', path))), path).toBe(true);
      const etag = String(answer.headers.etag);
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      const again = await get(path, { 'Accept-Encoding': 'br, gzip', 'If-None-Match': etag });
      expect(again.status, path).toBe(304);
      expect(again.body.byteLength, path).toBe(0);
    }
    // An image goes as it is, with nothing for a cache to vary on.
    const image = await get('/logo.png', { 'Accept-Encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary ?? '').not.toMatch(/accept-encoding/i);
    // What is not a file of the site is still not found, and no write reaches one.
    expect((await get('/icons/networks/no-such-chain.svg')).status).toBe(404);
    expect((await get('/icons/networks/../../logo.png%00')).status).toBe(404);
    expect((await get('/logo.png', {}, 'POST')).status).not.toBe(200);
  });
});

/**
 * A static file that is neither a build asset nor a pre-rendered page goes through the adapter's file
 * stream and the on-the-fly compressor: every compressible type, from 1 KB to 5 MB, in every coding,
 * ends and decodes to the file's bytes, for a slow reader too (the compressor's backpressure reaches
 * the file stream and the socket's reaches the compressor).
 */
describe('static files compressed on the fly', () => {
  const dir = `${PROBE_FOLDER_PREFIX}${process.pid}`;
  const folder = resolve(import.meta.dirname, '../../dist/client', dir);
  const TYPES = ['html', 'css', 'js', 'mjs', 'json', 'map', 'svg', 'xml', 'txt', 'csv', 'md', 'webmanifest'];
  const SIZES = [1024, 70 * 1024, 256 * 1024];
  const BIG = 5 * 1024 * 1024;
  // 5 MB: CSS here, JavaScript in the slow reader's test below.
  const BIG_TYPES = ['css', 'js'];
  const SLOW = `${BIG}.js`;
  const CODINGS: Record<string, string> = { br: 'br', gzip: 'br;q=0, gzip', identity: 'identity' };
  const files = new Map<string, Buffer>();

  /** Text that compresses like real text (about 3 to 1), made from a fixed seed. */
  function text(size: number, seed: number): Buffer {
    const words = ['asset', 'chain', 'supply', 'value', 'token', 'bond', 'fund', 'yield', 'price', 'holder', 'issuer', 'network'];
    let x = seed;
    let out = '';
    while (out.length < size) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      out += (x % 7 === 0 ? String(x) : words[x % words.length]) + (x % 13 === 0 ? '\n' : ' ');
    }
    return Buffer.from(out.slice(0, size));
  }

  beforeAll(() => {
    mkdirSync(folder, { recursive: true });
    for (const ext of TYPES)
      for (const size of [...SIZES, ...(BIG_TYPES.includes(ext) ? [BIG] : [])]) {
        const name = `${size}.${ext}`;
        const body = text(size, size + ext.length);
        writeFileSync(join(folder, name), body);
        files.set(`/${dir}/${name}`, body);
      }
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('every type and size, in br, gzip and identity, ends and decodes to the file', async () => {
    for (const [path, body] of files) {
      if (path.endsWith(SLOW)) continue;
      // Each coding, and no Accept-Encoding at all (the bytes as they are), at once.
      const [none, ...coded] = await Promise.all([
        get(path),
        ...Object.values(CODINGS).map((accept) => get(path, { 'Accept-Encoding': accept })),
      ]);
      expect(none.headers['content-encoding'], path).toBeUndefined();
      expect(none.body.equals(body), path).toBe(true);
      for (const [i, coding] of Object.keys(CODINGS).entries()) {
        const r = coded[i];
        expect(r.status, path).toBe(200);
        expect(isCompressibleType(String(r.headers['content-type'])), `${path}: ${r.headers['content-type']}`).toBe(true);
        expect(r.headers['content-encoding'] ?? 'identity', `${path} ${coding}`).toBe(coding);
        expect(decode(r).equals(body), `${path} ${coding}`).toBe(true);
      }
    }
  }, 60_000);

  it('a slow reader of 5 MB gets the whole file in every coding', async () => {
    const path = `/${dir}/${SLOW}`;
    const answers = await Promise.all(Object.values(CODINGS).map((accept) => get(path, { 'Accept-Encoding': accept }, 'GET', true)));
    for (const r of answers) expect(decode(r).equals(files.get(path)!)).toBe(true);
  }, 60_000);
});
