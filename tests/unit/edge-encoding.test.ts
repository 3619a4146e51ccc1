/** The edge's pure steps (front-door/): content negotiation, what is compressed, validators, request checks. */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  brotliWindowBits,
  chooseCoding,
  encodeAll,
  etagFor,
  isCompressibleType,
  matchesEtag,
  pick,
  withVary,
} from '../../front-door/encoding.ts';
import { refuse } from '../../front-door/checks.ts';

describe('chooseCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.9, br;q=0.1', 'gzip'],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['BR', 'br'],
    ['gzip;q=abc, br;q=nonsense', 'identity'],
    [['gzip', 'br'], 'br'],
  ] as const)('%j -> %s', (header, want) => {
    expect(chooseCoding(header as string | string[] | undefined)).toBe(want);
  });
});

describe('isCompressibleType', () => {
  it('compresses text, JSON, JS, SVG and XML, not images or archives', () => {
    for (const t of ['text/html; charset=utf-8', 'application/json', 'text/javascript', 'image/svg+xml', 'application/rss+xml', 'text/css'])
      expect(isCompressibleType(t)).toBe(true);
    for (const t of ['image/png', 'image/webp', 'font/woff2', 'application/zip', 'application/octet-stream', undefined, ''])
      expect(isCompressibleType(t)).toBe(false);
  });
});

describe('encodeAll and pick', () => {
  it('makes both forms of a large body, each decoding to it, and none of a small one', () => {
    const body = Buffer.from('<p>tokenized treasuries</p>\n'.repeat(200));
    const e = encodeAll(body);
    expect(brotliDecompressSync(e.br!).equals(body)).toBe(true);
    expect(gunzipSync(e.gzip!).equals(body)).toBe(true);
    expect(pick(e, 'br').coding).toBe('br');
    const small = encodeAll(Buffer.from('ok'));
    expect(small.br).toBeUndefined();
    expect(pick(small, 'br')).toEqual({ coding: 'identity', body: small.identity });
  });

  it('sizes the Brotli window to the body: a repeat from its very start is still found', () => {
    // 40,000 bytes that do not compress, then their first 20,000 again: found only by a window that
    // reaches back 40,000 bytes, past a window sized to half the body or to a power of two below it.
    const noise = randomBytes(40_000);
    const body = Buffer.concat([noise, noise.subarray(0, 20_000)]);
    const e = encodeAll(body);
    expect(brotliDecompressSync(e.br!).equals(body)).toBe(true);
    expect(e.br!.byteLength).toBeLessThan(41_000);
    expect([1024, 30_381, 65_520, 65_521, 4_194_288, 50_000_000].map(brotliWindowBits)).toEqual([11, 15, 16, 17, 22, 22]);
  });
});

describe('validators and Vary', () => {
  it('gives each coding its own ETag and matches any coding of the same content', () => {
    expect(etagFor('"abc"', 'br')).toBe('"abc-br"');
    expect(etagFor('"abc"', 'identity')).toBe('"abc"');
    expect(matchesEtag('"abc-gzip"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
  it('adds Accept-Encoding to Vary once', () => {
    expect(withVary(undefined)).toBe('Accept-Encoding');
    expect(withVary('Origin')).toBe('Origin, Accept-Encoding');
    expect(withVary('origin, accept-encoding')).toBe('origin, accept-encoding');
    expect(withVary('*')).toBe('*');
  });
});

describe('refuse', () => {
  it('answers each check once, in order, and passes everything else', () => {
    expect(refuse('GET', '/_image', '')?.status).toBe(404);
    expect(refuse('POST', '/networks', '')?.status).toBe(405);
    expect(refuse('BREW', '/api/networks', '')?.status).toBe(501);
    expect(refuse('GET', '/networks/', '?a=1')).toMatchObject({ status: 301, headers: { Location: '/networks?a=1' } });
    expect(refuse('POST', '/api/networks/', '')?.status).toBe(308);
    expect(refuse('GET', '/networks', '')).toBeNull();
    expect(refuse('POST', '/api/auth/login', '')).toBeNull();
  });
});
