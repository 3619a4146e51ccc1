import { siteOrigin } from './config.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True for a state-changing request that a browser sent from another site. Astro's own
 * checkOrigin only looks at form-style bodies, so JSON, text/plain and bodiless requests are
 * checked here for every content type. Requests without Origin and Sec-Fetch-Site come from
 * non-browser clients, which carry no ambient cookies worth forging.
 */
export function isCrossSiteWrite(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin !== null) {
    return origin !== url.origin && origin !== siteOrigin(url);
  }
  const fetchSite = request.headers.get('sec-fetch-site');
  return fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none';
}

const isPrivatePath = (path: string) =>
  path === '/admin' || path.startsWith('/admin/') || path.startsWith('/api/auth/') || path === '/login';

/** Headers every server-rendered response carries; private pages are never cached or framed. */
export function applySecurityHeaders(response: Response, url: URL): Response {
  const h = response.headers;
  try {
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!h.has('X-Frame-Options')) h.set('X-Frame-Options', 'DENY');
    if (isPrivatePath(url.pathname)) h.set('Cache-Control', 'no-store');
    return response;
  } catch {
    // Some responses (e.g. proxied fetches) have immutable headers; copy them into a new response.
    const copy = new Response(response.body, response);
    return applySecurityHeaders(copy, url);
  }
}
