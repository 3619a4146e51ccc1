import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { chooseCoding, etagFor, matchesEtag, pick, withVary, type Encoded } from './encoding.ts';

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
  const { coding, body } = pick(encoded, chooseCoding(req.headers['accept-encoding']));
  const out: OutgoingHttpHeaders = { ...headers };
  delete out['content-length'];
  delete out['transfer-encoding'];
  delete out['content-encoding'];
  // Vary even on an identity answer: a shared cache must not hand it to a client that accepts br.
  if (encoded.br || encoded.gzip) out.vary = withVary(out.vary ?? res.getHeader('vary'));
  if (etag) out.etag = etagFor(etag, coding);
  if (status === 200 && etag && matchesEtag(req.headers['if-none-match'], etag)) {
    const notModified: OutgoingHttpHeaders = { etag: out.etag };
    if (out.vary) notModified.vary = out.vary;
    if (out['cache-control']) notModified['cache-control'] = out['cache-control'];
    res.writeHead(304, notModified).end();
    return;
  }
  if (coding !== 'identity') out['content-encoding'] = coding;
  out['content-length'] = String(body.byteLength);
  res.writeHead(status, out);
  res.end(req.method === 'HEAD' ? undefined : body);
}
