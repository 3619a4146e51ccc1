/**
 * What the middleware answers on an /api/ path before the route runs, on Node and on Netlify:
 *
 * - OPTIONS: on a public read route, the CORS preflight (204); on any other route (sign-in, admin,
 *   writes) no grant: a foreign Origin gets 403 and no Access-Control-* header, so a browser never
 *   sends a credentialed cross-origin write; a same-origin or non-browser caller gets 204 with Allow.
 * - a method the route file does not export: 405 with Allow (Astro would answer 404 and log a warning);
 * - a malformed percent-encoding: 400 (the Node edge answers it first; this is Netlify's).
 *
 * Unknown paths reach the catch-all route (src/pages/api/[...path].ts), which answers the JSON 404.
 */
import { apiError, hasMalformedEncoding, isApiPath, MALFORMED_MESSAGE, PREFLIGHT_HEADERS, toResponse } from './api-answers.ts';
import { isPublicReadPath, routeMethods, UNKNOWN_API_ROUTE } from './api-routes.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';
import { config } from '#lib/server/config.ts';

export async function apiPreamble(request: Request, url: URL, routePattern: string): Promise<Response | undefined> {
  if (!isApiPath(url.pathname)) return undefined;
  if (hasMalformedEncoding(url.pathname + url.search)) return toResponse(apiError(400, MALFORMED_MESSAGE));
  if (routePattern === UNKNOWN_API_ROUTE) return undefined;
  const methods = await routeMethods(routePattern);
  if (!methods) return undefined;
  const allow = methods.join(', ');
  if (request.method === 'OPTIONS') {
    if (await isPublicReadPath(url.pathname)) return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
    const origin = request.headers.get('origin');
    if (origin !== null && origin !== config().origin) {
      // No CORS header at all: the browser's preflight fails, whatever it asked for.
      return toResponse(apiError(403, 'Cross-origin requests are not allowed on this route.', { Allow: allow }, false));
    }
    return new Response(null, { status: 204, headers: { Allow: allow, ...cacheHeaders(CACHE.none) } });
  }
  if (!methods.includes(request.method)) {
    return toResponse(apiError(405, `This address answers ${allow}, not ${request.method}.`, { Allow: allow }));
  }
  return undefined;
}
