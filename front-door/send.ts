import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chooseCoding, etagFor, matchesEtag, MIN_COMPRESS_BYTES, pick, withVary, type Coding, type Encoded } from './encoding.ts';

/**
 * The one coding asked for, made now when `encoded` does not hold it yet, and kept in `encoded` (a
 * page-cache entry's forms: made on the first hit that asks, reused by every later one).
 */
function filled(encoded: Encoded, coding: Coding): Encoded {
  if (coding === 'identity' || encoded[coding] || encoded.compressible === false || encoded.identity.byteLength < MIN_COMPRESS_BYTES) {
    return encoded;
  }
  encoded[coding] =
    coding === 'br'
      ? brotliCompressSync(encoded.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
      : gzipSync(encoded.identity, { level: 6 });
  return encoded;
}

/**
 * Writes a body held in memory in the coding the client accepts, with Vary and a per-coding ETag; a
 * matching If-None-Match is a 304 and a HEAD gets the headers only.
 */
export function sendEncoded(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  encoded: Encoded,
  etag?: string,
): void {
  const wanted = chooseCoding(req.headers['accept-encoding']);
  const { coding, body } = pick(filled(encoded, wanted), wanted);
  const out: OutgoingHttpHeaders = { ...headers };
  delete out['content-length'];
  delete out['transfer-encoding'];
  delete out['content-encoding'];
  // Vary even on an identity answer: a shared cache must not hand it to a client that accepts br.
  if (encoded.compressible !== false && encoded.identity.byteLength >= MIN_COMPRESS_BYTES)
    out.vary = withVary(out.vary ?? res.getHeader('vary'));
  if (etag) out.etag = etagFor(etag, coding);
  if (status === 200 && etag && matchesEtag(req.headers['if-none-match'], etag)) {
    const notModified: OutgoingHttpHeaders = { etag: out.etag };
    if (out.vary) notModified.vary = out.vary;
    if (out['cache-control']) notModified['cache-control'] = out['cache-control'];
    // CORS too: a cross-origin client that sent If-None-Match itself reads the 304, and may only with it.
    for (const [key, value] of Object.entries(out)) if (key.startsWith('access-control-')) notModified[key] = value;
    res.writeHead(304, notModified).end();
    return;
  }
  if (coding !== 'identity') out['content-encoding'] = coding;
  out['content-length'] = String(body.byteLength);
  res.writeHead(status, out);
  res.end(req.method === 'HEAD' ? undefined : body);
}
