/**
 * One webhook delivery over the wire: a POST to the address target.ts checked, never to a second
 * resolution of the name (the request's lookup is pinned to that address; TLS still checks the
 * certificate against the name). A redirect is never followed (its target would escape the check),
 * the whole exchange has a timeout, and at most `maxBytes` of the answer are read.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { bareHost, checkTarget, resolveTarget, type Resolver } from './target.ts';

export interface PostPolicy {
  allowLoopback: boolean;
  timeoutMs: number;
  /** The most of the answer read (the rest is dropped): a receiver cannot make us buffer a stream. */
  maxBytes: number;
  resolve?: Resolver;
}

export interface PostAnswer {
  status: number;
  /** The first maxBytes of the answer, as text. */
  body: string;
  /** The answer was longer than maxBytes. */
  truncated: boolean;
}

export async function postJson(rawUrl: string, body: string, headers: Record<string, string>, policy: PostPolicy): Promise<PostAnswer> {
  const url = checkTarget(rawUrl, policy.allowLoopback);
  const address = await resolveTarget(url, policy.allowLoopback, policy.resolve);
  const family = isIP(address);
  // Every lookup the socket makes answers the checked address: no second resolution.
  const pinned: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all)
      (cb as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostAnswer>((resolveOnce, rejectOnce) => {
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      f();
    };
    const resolve = (a: PostAnswer) => settle(() => resolveOnce(a));
    const reject = (e: Error) => settle(() => rejectOnce(e));
    const req = send(
      {
        host: bareHost(url),
        port: url.port || undefined,
        path: url.pathname + url.search,
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.destroy();
          // Not followed (its target would escape the check); tried again, as the receiver may mend it.
          reject(new Error(`redirect refused (${status} to ${res.headers.location ?? 'nowhere'})`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (chunk: Buffer) => {
          if (size + chunk.length > policy.maxBytes) {
            chunks.push(chunk.subarray(0, policy.maxBytes - size));
            size = policy.maxBytes;
            truncated = true;
            res.destroy();
            resolve({ status, body: Buffer.concat(chunks).toString('utf8'), truncated });
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8'), truncated }));
        res.on('error', reject);
        // Cut off by the timeout (or the peer) before the end: an error, not an answer.
        res.on('close', () => reject(new Error(`the answer was cut off`)));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${policy.timeoutMs} ms`)), policy.timeoutMs);
    req.on('error', reject);
    req.end(body);
  });
}
