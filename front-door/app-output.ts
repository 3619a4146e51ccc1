import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createBrotliCompress, createGzip, constants, type BrotliCompress, type Gzip } from 'node:zlib';
import { CACHE } from '#lib/server/cache/policy.ts';
import { writeHeadHeaders } from './write-head.ts';
import { chooseCoding, isCompressibleType, MIN_COMPRESS_BYTES, withVary } from './encoding.ts';
import { sendEncoded } from './send.ts';

/**
 * The one place the edge reaches into what the adapter writes (Astro renders straight into the Node
 * response, so there is no Response object to hand back): it decides once, when the head is written,
 * what becomes of the body.
 *
 * - An HTML error answer (the 404/500 pages the adapter reads from disk) is held, rewritten by
 *   `rewriteError` (origin, CSP) and sent compressed from memory.
 * - A text answer of 200 (or an error in plain text/JSON) above MIN_COMPRESS_BYTES, not yet encoded, is
 *   streamed through Brotli or gzip, as Accept-Encoding allows.
 * - Everything else passes through untouched: 204, 206, 304, HEAD, images, small bodies.
 */
export interface OutputRules {
  /** The rewritten body of an HTML error page, and a header to add, or undefined to leave it. */
  rewriteError(status: number, html: string): { body: string; csp?: string };
}

type Mode =
  | { kind: 'pass' }
  | { kind: 'hold'; status: number; headers: OutgoingHttpHeaders; chunks: Buffer[] }
  | { kind: 'stream'; zip: BrotliCompress | Gzip; waiting: boolean };

export function shapeAppOutput(req: IncomingMessage, res: ServerResponse, rules: OutputRules): void {
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...rest: unknown[]) => ServerResponse;
  let mode: Mode | undefined;

  /** Chooses the mode from the status and the headers (given or set), once. */
  const decide = (status: number, given: OutgoingHttpHeaders): Mode => {
    const headers: OutgoingHttpHeaders = { ...lower(res.getHeaders()), ...given };
    const type = String(headers['content-type'] ?? '');
    if (status >= 400 && /^text\/html/i.test(type)) return { kind: 'hold', status, headers, chunks: [] };
    const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
    const coding = chooseCoding(req.headers['accept-encoding']);
    // BREACH: an answer for one visitor (private, no-store) to a request with cookies may hold a secret
    // next to text the request chose; compressed, its length would leak the secret byte by byte. Those
    // answers (signed-in views, cookie-setting ones) go out as they are.
    const personal = req.headers.cookie !== undefined && /\b(?:private|no-store)\b/i.test(String(headers['cache-control'] ?? ''));
    const compress =
      !personal &&
      req.method !== 'HEAD' &&
      (status === 200 || status >= 400) &&
      headers['content-encoding'] === undefined &&
      headers['content-range'] === undefined &&
      isCompressibleType(type) &&
      (length === undefined || length >= MIN_COMPRESS_BYTES);
    // Vary on every compressible answer, compressed or not: a shared cache must not hand the identity
    // bytes to a client that accepts br, nor br to one that does not.
    if (isCompressibleType(type)) {
      const vary = withVary(headers.vary);
      if (given.vary !== undefined) given.vary = vary;
      else res.setHeader('vary', vary);
    }
    if (!compress || coding === 'identity') {
      writeHead(status, given);
      return { kind: 'pass' };
    }
    const zip = coding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip({ level: 6 });
    res.removeHeader('content-length');
    delete given['content-length'];
    // Byte ranges and a strong validator name the uncompressed bytes (static files sent by the adapter):
    // no ranges of the compressed stream, and the validator only says "same content" (weak).
    res.removeHeader('accept-ranges');
    delete given['accept-ranges'];
    const etag = given.etag ?? res.getHeader('etag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) {
      res.removeHeader('etag');
      given.etag = `W/${etag}`;
    }
    given['content-encoding'] = coding;
    writeHead(status, given);
    // Backpressure both ways, as pipeline() would carry it: the compressor stops while the socket is
    // full and goes on at its 'drain'; the writer upstream (the adapter's file stream, piped into this
    // response) waits while the compressor is full, and hears 'drain' on the response when it empties.
    // A 'drain' this code emits is told from the socket's own by writableNeedDrain (the socket's state).
    zip.on('data', (c: Buffer) => {
      if (!write(c)) zip.pause();
    });
    res.on('drain', () => {
      if (!res.writableNeedDrain) zip.resume();
    });
    zip.on('end', () => end());
    zip.on('error', () => res.destroy());
    res.on('close', () => zip.destroy());
    return { kind: 'stream', zip, waiting: false };
  };
  const ensure = () => (mode ??= decide(res.statusCode, {}));

  res.writeHead = (status: number, ...rest: unknown[]) => {
    mode ??= decide(status, writeHeadHeaders(rest));
    return res;
  };

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const m = ensure();
    if (m.kind === 'pass') return write(chunk, ...rest);
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (m.kind === 'hold') {
      m.chunks.push(toBuffer(chunk, rest));
      cb?.();
      return true;
    }
    const ok = m.zip.write(toBuffer(chunk, rest), cb);
    if (!ok && !m.waiting) {
      m.waiting = true;
      m.zip.once('drain', () => {
        m.waiting = false;
        res.emit('drain');
      });
    }
    return ok;
  }) as typeof res.write;

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const m = ensure();
    if (m.kind === 'pass') return end(chunk, ...rest);
    const data = chunk !== undefined && chunk !== null && typeof chunk !== 'function' ? toBuffer(chunk, rest) : undefined;
    if (m.kind === 'stream') {
      m.zip.end(data);
      return res;
    }
    if (data) m.chunks.push(data);
    const { body, csp } = rules.rewriteError(m.status, Buffer.concat(m.chunks).toString('utf8'));
    const headers = { ...m.headers };
    if (csp && !headers['content-security-policy']) headers['content-security-policy'] = csp;
    // An error page is about this request only: no cache keeps it (a 404 would outlive the page's creation).
    headers['cache-control'] ??= CACHE.none.control;
    // The held page is written with the original methods: restore them before sending.
    res.writeHead = writeHead as typeof res.writeHead;
    res.end = end as typeof res.end;
    sendEncoded(req, res, m.status, headers, { identity: Buffer.from(body) });
    return res;
  }) as typeof res.end;
}

const toBuffer = (chunk: unknown, rest: unknown[]) =>
  typeof chunk === 'string'
    ? Buffer.from(chunk, (typeof rest[0] === 'string' ? rest[0] : 'utf8') as BufferEncoding)
    : Buffer.from(chunk as Uint8Array);

function lower(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  return out;
}
