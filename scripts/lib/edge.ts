/**
 * What stands between the socket and the Astro app in the Node server (scripts/serve.ts):
 *
 * - The request's Host is replaced by the configured origin's host, and X-Forwarded-Host/-Proto/-Port
 *   and Forwarded are dropped: nothing a visitor sends chooses the origin the app sees (the adapter
 *   builds the request URL from the raw Host, so `Host: x/robots.txt?` re-routed the request).
 * - Pages answer only GET and HEAD (405 with Allow otherwise); a method the app implements nowhere is
 *   a 501 on every path; /_image is a 404 (astro:assets unused); a path with a trailing slash is
 *   redirected to the one without it.
 * - Pre-rendered pages are built with a placeholder origin (astro.config.mjs); they are loaded once
 *   here with the configured origin written in, and served from memory with their static headers
 *   (CSP). Only attribute and JSON-LD text carries the placeholder, never an inline script, so the
 *   CSP hashes stay right. Error pages the adapter reads from disk get the same substitution.
 * - Every response gets the baseline security headers, pre-rendered pages and assets included.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { PRERENDER_ORIGIN, type AppConfig } from '../../src/lib/server/config.ts';
import {
  baselineHeaders,
  isImageEndpoint,
  isPageMethodRefused,
  isUnknownMethod,
  KNOWN_METHODS,
  PAGE_METHODS,
} from '../../src/lib/server/security.ts';
import { CACHE } from '../../src/lib/server/cache.ts';
import { edgePageCache, type CachedPage } from '../../src/lib/server/edge-page-cache.ts';
import { writeHeadHeaders } from './write-head.ts';
import { SESSION_COOKIE } from '../../src/lib/server/auth/session-cookie.ts';
import { trailingSlashStatus, trailingSlashTarget } from '../../src/lib/server/trailing-slash.ts';

interface Page {
  body: Buffer;
  headers: Record<string, string>;
}

const withOrigin = (text: string, origin: string) => text.replaceAll(PRERENDER_ORIGIN, origin);
const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
/** The request path goes into an HTML attribute: nothing in it may end the attribute or open a tag. */
const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/** The static headers (CSP) Astro wrote per pre-rendered path, keyed by path without trailing slash. */
function staticHeaders(distDir: string): Map<string, Record<string, string>> {
  const file = join(distDir, '_headers.json');
  const out = new Map<string, Record<string, string>>();
  if (!existsSync(file)) return out;
  const entries = JSON.parse(readFileSync(file, 'utf8')) as { pathname: string; headers: { key: string; value: string }[] }[];
  for (const { pathname, headers } of entries)
    out.set(trimSlash(pathname), Object.fromEntries(headers.map((h) => [h.key.toLowerCase(), h.value])));
  return out;
}

/** Every pre-rendered page under each path the static handler would answer it at. */
function loadPages(distDir: string, origin: string): Map<string, Page> {
  const clientDir = join(distDir, 'client');
  const headers = staticHeaders(distDir);
  const pages = new Map<string, Page>();
  if (!existsSync(clientDir)) return pages;
  for (const file of htmlFiles(clientDir)) {
    const rel = '/' + relative(clientDir, file).split(sep).join('/');
    const route = rel.endsWith('/index.html') ? trimSlash(rel.slice(0, -'index.html'.length)) : rel.slice(0, -'.html'.length);
    const body = Buffer.from(withOrigin(readFileSync(file, 'utf8'), origin));
    // Browsers revalidate (must-revalidate): an ETag lets them do it with a 304.
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const page = { body, headers: { ...headers.get(route), 'content-type': 'text/html; charset=utf-8', etag } };
    // Only the canonical path (and the file's own name): `/route/` is redirected before this lookup.
    for (const path of new Set([route, rel])) pages.set(path, page);
  }
  return pages;
}

export function createEdge(distUrl: URL, config: AppConfig) {
  const distDir = fileURLToPath(distUrl);
  const pages = loadPages(distDir, config.origin);
  const errorCsp = new Map([404, 500].map((s) => [s, pages.get(`/${s}`)?.headers['content-security-policy']]));
  const host = new URL(config.origin).host;

  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    // Absolute-form targets (GET http://other/x) name a host too: keep only the path.
    if (/^https?:\/\//i.test(req.url ?? '')) {
      // URL.parse: null rather than a throw (a throw here would take the process down).
      const u = URL.parse(req.url!);
      req.url = u ? u.pathname + u.search : '';
    }
    if (!req.url?.startsWith('/')) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request.\n');
      return;
    }
    // Dot segments are resolved here, as the adapter would resolve them, so every check below sees the
    // path the app will route (`POST /api/../login` is a page write, not an API call). Joined, not
    // resolved against a base: '//x/y' stays a path.
    const normalised = URL.parse('http://edge.invalid' + req.url);
    if (!normalised) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request.\n');
      return;
    }
    req.url = normalised.pathname + normalised.search;
    req.headers.host = host;
    for (const h of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded']) delete req.headers[h];

    const pathname = req.url.split(/[?#]/)[0];
    for (const [key, value] of Object.entries(baselineHeaders(pathname))) res.setHeader(key, value);
    const method = req.method ?? 'GET';

    if (isImageEndpoint(pathname)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE.none }).end('Not found\n');
      return;
    }
    if (isPageMethodRefused(method, pathname)) {
      res.writeHead(405, { Allow: PAGE_METHODS.join(', '), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE.none });
      res.end('Method Not Allowed\n');
      return;
    }
    if (isUnknownMethod(method)) {
      res.writeHead(501, { Allow: KNOWN_METHODS.join(', '), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE.none });
      res.end('Not Implemented\n');
      return;
    }

    // One address per page: a trailing slash redirects to the path without it, for pre-rendered and
    // server-rendered pages alike (the middleware does the same where there is no edge, on Netlify).
    const canonical = trailingSlashTarget(pathname, normalised.search);
    if (canonical !== null) {
      res.writeHead(trailingSlashStatus(method), {
        Location: canonical,
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': CACHE.redirect,
      });
      res.end();
      return;
    }

    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // Left as sent: the adapter answers a malformed path with 400.
    }
    const page = pages.get(decoded);
    if (page) {
      // Private pages (/login) already carry no-store from the baseline headers.
      if (!res.hasHeader('cache-control')) res.setHeader('Cache-Control', CACHE.prerendered);
      if (req.headers['if-none-match'] === page.headers.etag) {
        res.writeHead(304, { etag: page.headers.etag }).end();
        return;
      }
      res.writeHead(200, { ...page.headers, 'Content-Length': String(page.body.byteLength) });
      res.end(method === 'HEAD' ? undefined : page.body);
      return;
    }

    const proceed = () => {
      substituteInErrorPages(res, config.origin, pathname, errorCsp);
      next();
    };
    // An anonymous GET the page cache can answer skips the Astro pipeline (same entries and checks
    // as the middleware's lookup; a visitor with a session never gets a shared answer).
    const cache = edgePageCache();
    if (cache && method === 'GET' && !pathname.startsWith('/api/') && !hasSessionCookie(req)) {
      // Joined as the adapter joins it (not resolved: '//x/y' stays a path), so keys match the middleware's.
      const url = URL.parse('http://edge.invalid' + req.url);
      if (!url) return proceed();
      cache.lookup(url.pathname + url.search, req).then(
        (hit) => (hit ? writeCached(res, hit) : proceed()),
        () => proceed(),
      );
      return;
    }
    proceed();
  };
}

const SESSION_COOKIE_SET = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;]`);
const hasSessionCookie = (req: IncomingMessage) => SESSION_COOKIE_SET.test(req.headers.cookie ?? '');

function writeCached(res: ServerResponse, hit: CachedPage) {
  const headers: OutgoingHttpHeaders = {};
  for (const [key, value] of hit.headers) if (key !== 'content-length' && key !== 'transfer-encoding') headers[key] = value;
  headers['content-length'] = String(hit.body.byteLength);
  res.writeHead(hit.status, headers);
  res.end(hit.body);
}

/**
 * The adapter reads 404.html / 500.html from disk for unknown paths and errors: buffer those (small)
 * answers to write the origin in, and give them their page's CSP, which the adapter leaves off.
 */
function substituteInErrorPages(res: ServerResponse, origin: string, pathname: string, errorCsp: Map<number, string | undefined>) {
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  let held: { status: number; headers: OutgoingHttpHeaders; chunks: Buffer[] } | undefined;

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = writeHeadHeaders(rest);
    const type = String(headers['content-type'] ?? res.getHeader('content-type') ?? '');
    const csp = errorCsp.get(status);
    if (csp && !headers['content-security-policy'] && !res.hasHeader('content-security-policy')) headers['content-security-policy'] = csp;
    if (status >= 400 && /^text\/html/i.test(type)) {
      held = { status, headers, chunks: [] };
      return res;
    }
    return writeHead(status, headers);
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!held) return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    held.chunks.push(Buffer.from(chunk as Uint8Array | string));
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    cb?.();
    return true;
  }) as typeof res.write;

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!held) return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
    if (chunk !== undefined && typeof chunk !== 'function') held.chunks.push(Buffer.from(chunk as Uint8Array | string));
    // The not-found page names the address that was asked for ({origin}{path}), as every page does.
    const text = Buffer.concat(held.chunks)
      .toString('utf8')
      .replaceAll(`${PRERENDER_ORIGIN}/404"`, `${PRERENDER_ORIGIN}${escapeAttribute(trimSlash(pathname))}"`);
    const body = Buffer.from(withOrigin(text, origin));
    const { status } = held;
    const headers = { ...held.headers, 'content-length': String(body.byteLength) };
    delete headers['transfer-encoding'];
    held = undefined;
    writeHead(status, headers);
    return end(res.req?.method === 'HEAD' ? undefined : body);
  }) as typeof res.end;
}
