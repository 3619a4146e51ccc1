import { config } from '#lib/server/config.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';
import { isPrivatePath } from '#lib/shared/private-paths.ts';
import { isMcpPath, mcpOriginAllowed } from './mcp-edge.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True for a state-changing request that a browser sent from another site. Astro's own
 * checkOrigin only looks at form-style bodies, so JSON, text/plain and bodiless requests are
 * checked here for every content type. Requests without Origin and Sec-Fetch-Site come from
 * non-browser clients, which carry no ambient cookies worth forging. "This site" is the configured
 * origin: the request's Host is the visitor's to choose and proves nothing. The MCP endpoint reads
 * no cookie and is open to other sites' pages under its own rule (mcp-edge.ts), which decides there.
 */
export function isCrossSiteWrite(request: Request, pathname: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (isMcpPath(pathname)) return !mcpOriginAllowed(origin, config().origin);
  if (origin !== null) return origin !== config().origin;
  const fetchSite = request.headers.get('sec-fetch-site');
  return fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none';
}

/** Pages (everything outside /api/ and /mcp) are read, never written: anything but GET and HEAD is a 405. */
export const PAGE_METHODS = ['GET', 'HEAD'] as const;
export function isPageMethodRefused(method: string, pathname: string): boolean {
  return !pathname.startsWith('/api/') && !isMcpPath(pathname) && !(PAGE_METHODS as readonly string[]).includes(method);
}

/**
 * The methods the app implements anywhere. Anything else (TRACE, CONNECT, PROPFIND, made-up tokens)
 * is a 501 before the app sees it: the Node adapter builds a WHATWG Request, whose constructor throws
 * on TRACE and CONNECT, and that throw used to end the process.
 */
export const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export const isUnknownMethod = (method: string) => !(KNOWN_METHODS as readonly string[]).includes(method);

/** The 405 a page answers a write with (plain text: a page has no JSON clients). */
export function methodNotAllowed(): Response {
  return new Response('Method Not Allowed\n', {
    status: 405,
    headers: { Allow: PAGE_METHODS.join(', '), 'Content-Type': 'text/plain; charset=utf-8', ...cacheHeaders(CACHE.none) },
  });
}

/** astro:assets is not used; its /_image endpoint only ever cost the server CPU (see astro.config.mjs). */
export const isImageEndpoint = (pathname: string) => pathname === '/_image' || pathname.startsWith('/_image/');

/**
 * The charts made to be framed by other sites (/embed/...): the only pages without X-Frame-Options
 * and frame-ancestors. Everything else refuses to be framed (clickjacking); an embed has nothing to
 * click but its link back, no form, no session and no script.
 */
export const isFrameablePath = (pathname: string) => pathname.startsWith('/embed/');

/** A Content-Security-Policy without its frame-ancestors directive (the rest kept as written). */
export function withoutFrameAncestors(csp: string): string {
  return csp
    .split(';')
    .filter((d) => d.trim().split(/\s+/)[0]?.toLowerCase() !== 'frame-ancestors')
    .join(';');
}

/**
 * A frameable page's answer loses the frame-ancestors directive Astro's CSP gives every page. Done
 * before the page cache stores the answer, so a hit (here or at the Node edge) is frameable too.
 */
export function allowFraming(response: Response, pathname: string): Response {
  const csp = response.headers.get('content-security-policy');
  if (!isFrameablePath(pathname) || csp === null) return response;
  try {
    response.headers.set('content-security-policy', withoutFrameAncestors(csp));
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('content-security-policy', withoutFrameAncestors(csp));
    return copy;
  }
}

/**
 * Headers every response carries, server-rendered or not: scripts/serve.ts sets them on pre-rendered
 * pages and assets too (those never pass through the middleware). Private pages are never cached or framed.
 */
export function baselineHeaders(pathname: string): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // The site uses none of these powerful features; no embedded content may ask for them either.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    // Windows this site opens (or that open it) get no handle on it: no cross-window attacks.
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (!isFrameablePath(pathname)) headers['X-Frame-Options'] = 'DENY';
  // Only when the configured origin is https (behind a TLS proxy the socket itself is plain http).
  if (config().https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  if (isPrivatePath(pathname)) headers['Cache-Control'] = CACHE.none.control;
  return headers;
}

/** Adds the baseline headers to a server-rendered response (the CSP header comes from Astro's security.csp). */
export function applySecurityHeaders(response: Response, url: URL): Response {
  const h = response.headers;
  try {
    for (const [key, value] of Object.entries(baselineHeaders(url.pathname))) {
      if (key === 'X-Frame-Options' && h.has(key)) continue;
      h.set(key, value);
    }
    return response;
  } catch {
    // Some responses (e.g. proxied fetches) have immutable headers; copy them into a new response.
    const copy = new Response(response.body, response);
    return applySecurityHeaders(copy, url);
  }
}
