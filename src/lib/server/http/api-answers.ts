/**
 * The answers every /api/ path shares, whatever route (or no route) is behind it: the CORS rule of
 * the public read API and the one error shape, `{ message }`, for the errors the framework gives
 * before a route runs (bad percent-encoding, an unknown path, a method the route does not have, a
 * method the site has nowhere). The Node edge (front-door/checks.ts) answers some of them
 * before the app, the middleware the rest, on Node and on Netlify alike.
 *
 * Pure: no database, no Astro module, so the edge can load it in plain Node.
 */
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';

/** `/api` and everything under it. */
export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * Any origin may read the public API (no credentials: `*` never lets a browser send cookies). The
 * framework's errors carry it too, so a cross-origin client can read why it failed; they hold
 * nothing personal.
 */
/**
 * /api/assets's count headers: how many assets match (before `limit`), and how many products the
 * site lists in all (the /assets catalog, with products that have no figure yet).
 */
export const ASSETS_COUNT_HEADERS = { total: 'X-Total-Count', listed: 'X-Products-Listed' } as const;

export const PUBLIC_CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': `ETag, Content-Disposition, Link, ${ASSETS_COUNT_HEADERS.total}, ${ASSETS_COUNT_HEADERS.listed}`,
} as const;

/** The methods a public read route answers. */
const READ_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/**
 * The preflight of a public read route: GET from any origin, with If-None-Match (the documented
 * cross-origin revalidation, 304) as the one header a browser must ask for. A day's max-age
 * (browsers cap it lower: Chromium at two hours).
 */
export const PREFLIGHT_HEADERS = {
  ...PUBLIC_CORS,
  'Access-Control-Allow-Methods': READ_METHODS.join(', '),
  'Access-Control-Allow-Headers': 'If-None-Match',
  'Access-Control-Max-Age': '86400',
  Allow: READ_METHODS.join(', '),
  ...cacheHeaders(CACHE.none),
} as const;

/** A fixed answer, as the edge writes it (status, headers, body). */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The documented error shape with no-store and, unless `cors` is false, CORS; `headers` adds to
 * them (Allow).
 */
export function apiError(status: number, message: string, headers: Record<string, string> = {}, cors = true): ApiAnswer {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...cacheHeaders(CACHE.none), ...(cors ? PUBLIC_CORS : {}), ...headers },
    body: JSON.stringify({ message }),
  };
}

export const toResponse = (answer: ApiAnswer) => new Response(answer.body, { status: answer.status, headers: answer.headers });

export const MALFORMED_MESSAGE = 'The address has a malformed percent-encoding (such as %ff): encode it as UTF-8.';

/**
 * True when the path or query is not valid percent-encoded UTF-8 (`%ff`, `%e2%82`, `%zz`). The Node
 * adapter answers those with a bare "Bad request."; Netlify's would read a U+FFFD in its place.
 */
export function hasMalformedEncoding(target: string): boolean {
  try {
    decodeURIComponent(target.replace(/\+/g, ' '));
    return false;
  } catch {
    return true;
  }
}
