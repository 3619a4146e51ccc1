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
  path === '/admin' || path.startsWith('/admin/') || path.startsWith('/api/auth/') || path === '/login' || path === '/login/';

/**
 * Headers every response carries, server-rendered or not: scripts/serve.ts sets them on pre-rendered
 * pages and assets too (those never pass through the middleware). Private pages are never cached or framed.
 */
export function baselineHeaders(pathname: string): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
  if (isPrivatePath(pathname)) headers['Cache-Control'] = 'no-store';
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
