/**
 * Bytes on the wire per page and per asset, as the server sends them: raw, and the Brotli and gzip
 * answers it gives for that Accept-Encoding (raw node:http requests: fetch decodes on its own).
 */
import { request } from 'node:http';

export interface WireSize {
  path: string;
  raw: number;
  br: number | null;
  gzip: number | null;
}

function bytes(url: string, acceptEncoding: string): Promise<{ length: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      let length = 0;
      res.on('data', (c: Buffer) => (length += c.byteLength));
      res.on('end', () => resolve({ length, encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A coding's size, or null when the server answered that request uncompressed. */
async function sized(url: string, coding: 'br' | 'gzip'): Promise<number | null> {
  const r = await bytes(url, coding);
  return r.encoding === coding ? r.length : null;
}

export async function wireSizes(baseUrl: string, paths: string[]): Promise<WireSize[]> {
  const out: WireSize[] = [];
  for (const path of paths) {
    const url = baseUrl + path;
    out.push({ path, raw: (await bytes(url, 'identity')).length, br: await sized(url, 'br'), gzip: await sized(url, 'gzip') });
  }
  return out;
}

/** The stylesheets and scripts a page links (same origin), to size them too. */
export async function linkedAssets(baseUrl: string, path: string): Promise<string[]> {
  const html = await (await fetch(baseUrl + path)).text();
  const found = new Set<string>();
  for (const m of html.matchAll(/(?:href|src|component-url|renderer-url)="(\/_astro\/[^"]+\.(?:css|js))"/g)) found.add(m[1]);
  return [...found];
}
