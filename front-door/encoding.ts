import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Content negotiation for compressed answers (RFC 9110 12.5.3), pure: which coding to send for an
 * Accept-Encoding header. Brotli first (smaller), then gzip, else the bytes as they are.
 */
export type Coding = 'br' | 'gzip' | 'identity';

/** The q-value each coding gets from an Accept-Encoding header ('*' stands for any coding not named). */
function qValues(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*(.*?)\s*$/.exec(p);
      if (!m) continue;
      // A malformed q counts as 0: a client that cannot say what it wants gets the safe answer.
      const n = /^[0-9.]+$/.test(m[1]) ? Number(m[1]) : NaN;
      q = Number.isFinite(n) ? Math.min(1, n) : 0;
    }
    out.set(name, q);
  }
  return out;
}

/**
 * The coding to answer with. No header means identity (RFC 9110: a client that sends none may not
 * decode anything). Identity is always the fallback, even when a client refuses it: a readable answer
 * beats a 406 for a page.
 */
export function chooseCoding(header: string | string[] | undefined): Coding {
  if (header === undefined) return 'identity';
  const q = qValues(Array.isArray(header) ? header.join(',') : header);
  const star = q.get('*') ?? 0;
  const of = (c: string) => q.get(c) ?? (c === 'identity' ? 1 : star);
  const br = of('br');
  const gzip = Math.max(of('gzip'), q.get('x-gzip') ?? 0);
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** Text worth compressing. Images, fonts and archives are already compressed: a second pass only costs. */
export function isCompressibleType(type: string | undefined): boolean {
  if (!type) return false;
  const t = type.toLowerCase().split(';')[0].trim();
  return (
    t.startsWith('text/') ||
    t === 'image/svg+xml' ||
    /^application\/(?:json|javascript|xml|manifest\+json|ld\+json|rss\+xml|atom\+xml|xhtml\+xml|x-ndjson|geo\+json)$/.test(t) ||
    t.endsWith('+json') ||
    t.endsWith('+xml')
  );
}

/** Below this, a compressed answer saves less than its framing costs (and the CPU). */
export const MIN_COMPRESS_BYTES = 1024;

/** The encoded forms of one body, made once (at load or store time) and served many times. */
export interface Encoded {
  identity: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  /** false: bytes already compressed (an image), sent as they are whatever the client accepts. */
  compressible?: false;
}

/**
 * Brotli's window (log2 of its bytes; it holds 16 fewer) just large enough for the whole body, and never
 * above Brotli's default of 22: every earlier byte stays in reach, so nothing compresses worse. At quality
 * 9 the default window alone costs about 100 ms of CPU per body (tables sized for 4 MB, zeroed for a 30 KB
 * page); sized to the body, the same page takes about 1 ms and comes out the same size or smaller.
 */
export const brotliWindowBits = (bytes: number) => Math.min(22, Math.max(10, Math.ceil(Math.log2(bytes + 16))));

/**
 * Both compressed forms of a body that is served many times. Brotli at quality 9: about a millisecond
 * for a page, within 1-2% of quality 11, which costs ten times as much (start-up compresses every
 * pre-rendered page).
 */
export function encodeAll(body: Uint8Array, quality = 9): Encoded {
  if (body.byteLength < MIN_COMPRESS_BYTES) return { identity: body };
  return {
    identity: body,
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.byteLength),
      },
    }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/** The form to send for a coding: the identity bytes when that coding was not made (a small body). */
export function pick(encoded: Encoded, coding: Coding): { coding: Coding; body: Uint8Array } {
  const body = coding === 'identity' ? undefined : encoded[coding];
  return body ? { coding, body } : { coding: 'identity', body: encoded.identity };
}

/** Appends Accept-Encoding to a Vary value (or '*' stays '*'), once. */
export function withVary(current: string | number | string[] | undefined): string {
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.includes('*')) return '*';
  if (!values.some((v) => v.toLowerCase() === 'accept-encoding')) values.push('Accept-Encoding');
  return values.join(', ');
}

/** A strong ETag per coding: the compressed bytes differ from the identity ones (RFC 9110 8.8.3). */
export const etagFor = (etag: string, coding: Coding) => (coding === 'identity' ? etag : etag.replace(/"$/, `-${coding}"`));

/** Whether If-None-Match names this representation (any coding of it: the content is the same). */
export function matchesEtag(ifNoneMatch: string | string[] | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const opaque = (t: string) =>
    t
      .trim()
      .replace(/^W\//, '')
      .replace(/-(?:br|gzip)"$/, '"');
  const want = opaque(etag);
  const list = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  return list.split(',').some((t) => t.trim() === '*' || opaque(t) === want);
}
