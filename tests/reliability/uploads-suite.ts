/**
 * Uploads: a PNG whose header claims a huge bitmap (decompression bomb), polyglots (GIF/JS,
 * PNG+HTML), an SVG and a lying extension are refused, or served only as an image with nosniff.
 * A build without /api/uploads fails the suite.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import type { RunningServer } from '../support/server.ts';
import { pngFromIdat } from '../support/images.ts';
import { login, raw, recordFigures, requireRoute } from './support.ts';

let server: RunningServer;
let base: string;
let cookie: string;

/** A real 1x1 RGBA PNG. */
const tinyPng = pngFromIdat(1, 1, deflateSync(Buffer.from([0, 255, 0, 0, 255])), 6);
/** Claims 50,000 x 50,000 RGBA (10 GB decoded); the compressed stream is a few KB of zeros. */
const bombPng = pngFromIdat(50_000, 50_000, deflateSync(Buffer.alloc(4 * 1024 * 1024)), 6);
const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

const HOSTILE: Array<{ name: string; filename: string; type: string; bytes: Buffer }> = [
  { name: 'decompression bomb', filename: 'bomb.png', type: 'image/png', bytes: bombPng },
  {
    name: 'GIF/JS polyglot',
    filename: 'poly.gif',
    type: 'image/gif',
    bytes: Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00;*/=1;alert(document.cookie);//'),
  },
  { name: 'PNG+HTML polyglot', filename: 'poly.png', type: 'image/png', bytes: Buffer.concat([tinyPng, html]) },
  {
    name: 'SVG with script',
    filename: 'x.svg',
    type: 'image/svg+xml',
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  { name: 'lying extension', filename: 'photo.png', type: 'image/png', bytes: html },
  { name: 'HTML as JPEG', filename: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]) },
];

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----reliability' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(filename: string, type: string, bytes: Buffer) {
  const m = multipart('file', filename, type, bytes);
  return raw(base, '/api/uploads', { method: 'POST', headers: { Origin: base, Cookie: cookie, 'Content-Type': m.type }, body: m.body });
}

function urlOf(body: string): string | undefined {
  try {
    const j = JSON.parse(body);
    return j.url ?? j.upload?.url ?? (j.id ? `/api/uploads/${j.id}` : undefined);
  } catch {
    return undefined;
  }
}

/** The suite, on the server `ready` gives (tests/reliability/one-server.test.ts). */
export const uploadsSuite = (ready: () => RunningServer) =>
  describe('uploads', () => {
    beforeAll(async () => {
      server = ready();
      base = server.baseUrl;
      cookie = await login(base);
      await requireRoute(base, 'POST', '/api/uploads', cookie);
    });
    it('accepts a real small PNG and serves it as an image with nosniff (control case)', async () => {
      const res = await upload('ok.png', 'image/png', tinyPng);
      expect(res.status, res.body).toBeLessThan(300);
      const url = urlOf(res.body);
      expect(url, res.body).toBeDefined();
      const got = await raw(base, url!, { headers: { Cookie: cookie } }); // drafts' images: the admin's only
      expect(got.status).toBe(200);
      expect(got.headers['content-type']).toMatch(/^image\/(png|jpeg|webp)/);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
    });

    it('refuses hostile files, or serves them only as images with nosniff', async () => {
      const outcome: Record<string, string> = {};
      for (const f of HOSTILE) {
        const t0 = Date.now();
        const res = await upload(f.filename, f.type, f.bytes);
        expect(res.status, `${f.name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) {
          outcome[f.name] = `refused ${res.status}`;
          continue;
        }
        const url = urlOf(res.body)!;
        const got = await raw(base, url, { headers: { Cookie: cookie } });
        expect(got.headers['content-type'], f.name).toMatch(/^image\/(png|jpeg|gif|webp)$/);
        expect(got.headers['x-content-type-options'], f.name).toBe('nosniff');
        expect(got.headers['content-type']).not.toMatch(/svg|html|javascript/);
        outcome[f.name] = `stored as ${got.headers['content-type']} (${Date.now() - t0} ms)`;
      }
      // The bomb did not take the server down: it still answers.
      expect((await raw(base, '/api/auth/me')).status).toBe(401);
      console.log('uploads', outcome);
      recordFigures('uploads', { hostileFiles: HOSTILE.length, ...outcome });
    });

    it('refuses an upload over 5 MB with 413 and anonymous uploads with 401', async () => {
      const big = await upload('big.png', 'image/png', Buffer.concat([tinyPng, Buffer.alloc(5 * 1024 * 1024 + 1)]));
      expect(big.status).toBe(413);
      const m = multipart('file', 'ok.png', 'image/png', tinyPng);
      const anon = await raw(base, '/api/uploads', { method: 'POST', headers: { Origin: base, 'Content-Type': m.type }, body: m.body });
      expect(anon.status).toBe(401);
    });
  });
