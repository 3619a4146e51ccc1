/**
 * What stands between the socket and the Astro app in the Node server (scripts/serve.ts): a list of
 * small request handlers, tried in order, each doing one job once. A handler answers (returns true) or
 * passes (false); the last one is the app.
 *
 * 1. pin the origin and resolve the target (request.ts): 400 when it is not a path;
 * 2. baseline security headers on every answer, pre-rendered pages and assets included;
 * 3. request checks (checks.ts): /_image 404, 405 for page writes, 501 for unknown methods,
 *    trailing-slash redirects;
 * 4. build assets from memory, precompressed (assets.ts), and the files of public/ from memory
 *    (public-files.ts);
 * 5. pre-rendered pages from memory, compressed once at start (prerendered.ts);
 * 6. the page and API cache (src/lib/server/cache/response-cache.ts) for anonymous GETs, each entry compressed
 *    once per coding, on the first hit that asks for it; a miss while the same page renders waits for
 *    that render, and one request renews an entry near its end while the others are answered from it;
 * 7. the app, its output compressed on the fly and its HTML error pages given the origin
 *    (app-output.ts).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRERENDER_ORIGIN, type AppConfig } from '#lib/server/config.ts';
import { baselineHeaders } from '#lib/server/http/security.ts';
import { CACHE } from '#lib/server/cache/policy.ts';
import { edgePageCache, type CachedPage } from '#lib/server/cache/edge-page-cache.ts';
import { SESSION_COOKIE } from '#lib/server/auth/session-cookie.ts';
import { refuse } from './checks.ts';
import { pinTarget } from './request.ts';
import { loadPages, trimSlash, withOrigin } from './prerendered.ts';
import { loadAssets } from './assets.ts';
import { loadPublicFiles } from './public-files.ts';
import type { StaticFile } from './static-file.ts';
import { sendEncoded } from './send.ts';
import { shapeAppOutput } from './app-output.ts';

/** What one request carries through the handlers. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  pathname: string;
  search: string;
}
type Handler = (x: Exchange) => boolean | Promise<boolean>;

/** The request path goes into an HTML attribute: nothing in it may end the attribute or open a tag. */
const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SESSION_COOKIE_SET = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;]`);
const hasSessionCookie = (req: IncomingMessage) => SESSION_COOKIE_SET.test(req.headers.cookie ?? '');

export function createEdge(distUrl: URL, config: AppConfig) {
  const distDir = fileURLToPath(distUrl);
  const pages = loadPages(distDir, config.origin);
  // Hashed build assets never change under their name, so browsers keep them a year without asking;
  // public/'s files are kept an hour, then revalidated with their ETag.
  const staticFiles = new Map<string, StaticFile & { control: string }>();
  for (const [path, file] of loadAssets(join(distDir, 'client', '_astro'), '/_astro'))
    staticFiles.set(path, { ...file, control: CACHE.immutable.control });
  for (const [path, file] of loadPublicFiles(join(distDir, 'client')))
    staticFiles.set(path, { ...file, control: CACHE.publicFile.control });
  const errorCsp = new Map([404, 500].map((s) => [s, pages.get(`/${s}`)?.headers['content-security-policy']]));

  const securityHeaders: Handler = ({ res, pathname }) => {
    for (const [key, value] of Object.entries(baselineHeaders(pathname))) res.setHeader(key, value);
    return false;
  };

  const checks: Handler = ({ res, method, pathname, search }) => {
    const answer = refuse(method, pathname, search);
    if (!answer) return false;
    res.writeHead(answer.status, answer.headers).end(answer.body || undefined);
    return true;
  };

  const staticFile: Handler = ({ req, res, method, pathname }) => {
    const file = method === 'GET' || method === 'HEAD' ? staticFiles.get(pathname) : undefined;
    if (!file) return false;
    sendEncoded(req, res, 200, { 'content-type': file.type, 'cache-control': file.control }, file.encoded, file.etag);
    return true;
  };

  const prerendered: Handler = ({ req, res, method, pathname }) => {
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // Left as sent: the adapter answers a malformed path with 400.
    }
    const page = method === 'GET' || method === 'HEAD' ? pages.get(decoded) : undefined;
    if (!page) return false;
    // Private pages (/login) already carry no-store from the baseline headers.
    const cacheControl = (res.getHeader('cache-control') as string | undefined) ?? CACHE.prerendered.control;
    sendEncoded(req, res, 200, { ...page.headers, 'cache-control': cacheControl }, page.encoded, page.etag);
    return true;
  };

  // An anonymous GET the page cache can answer skips the Astro pipeline (same entries and checks as the
  // middleware's lookup; a visitor with a session never gets a shared answer).
  const pageCache: Handler = ({ req, res, method, pathname, search }) => {
    const cache = edgePageCache();
    if (!cache || method !== 'GET' || hasSessionCookie(req)) return false;
    let found: ReturnType<typeof cache.lookup>;
    try {
      // The requests that miss while this one renders wait for its entry until its answer is done.
      found = cache.lookup(pathname + search, req, (settle) => res.once('close', settle));
    } catch {
      return false;
    }
    const answer = (hit: CachedPage | undefined) => {
      if (hit) writeCached(req, res, hit);
      return hit !== undefined;
    };
    return found instanceof Promise ? found.then(answer, () => false) : answer(found);
  };

  /** The adapter's HTML error pages (read from disk) get the origin written in and their page's CSP. */
  const errorPages = (pathname: string) => ({
    rewriteError(status: number, html: string) {
      // The not-found page names the address that was asked for ({origin}{path}), as every page does.
      const named = html.replaceAll(`${PRERENDER_ORIGIN}/404"`, `${PRERENDER_ORIGIN}${escapeAttribute(trimSlash(pathname))}"`);
      return { body: withOrigin(named, config.origin), csp: errorCsp.get(status) };
    },
  });

  const handlers: Handler[] = [securityHeaders, checks, staticFile, prerendered, pageCache];
  const host = new URL(config.origin).host;

  return async (req: IncomingMessage, res: ServerResponse, app: () => void) => {
    const target = pinTarget(req, host);
    if (!target) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request.\n');
      return;
    }
    const x: Exchange = { req, res, method: req.method ?? 'GET', ...target };
    for (const handle of handlers) {
      // Awaited only when a handler had to wait: a hit of any kind is answered within this turn.
      const answered = handle(x);
      if (answered === true || (answered !== false && (await answered))) return;
    }
    shapeAppOutput(req, res, errorPages(target.pathname));
    app();
  };
}

function writeCached(req: IncomingMessage, res: ServerResponse, hit: CachedPage) {
  sendEncoded(req, res, hit.status, hit.headers, hit.encoded ?? { identity: hit.body }, hit.headers.etag);
}
