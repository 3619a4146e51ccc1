/**
 * What the middleware knows of the /api routes before one runs: the methods each route file exports,
 * read from the modules themselves (so a route's Allow can never disagree with its code), and which
 * paths are the public read API (the OpenAPI document's list, one list for both).
 */
import { KNOWN_METHODS } from './security.ts';
import { ENDPOINTS, OPENAPI_PATH } from '#lib/server/open-data/openapi.ts';

type RouteModule = Record<string, unknown>;
/** The route files, loaded on first use (Astro has already loaded the one that matched). */
const ROUTE_FILES = import.meta.glob<RouteModule>('/src/pages/api/**/*.ts');

/** The catch-all that answers unknown /api paths with the JSON 404 (src/pages/api/[...path].ts). */
export const UNKNOWN_API_ROUTE = '/api/[...path]';

/**
 * The methods the route behind an Astro route pattern ('/api/assets/[id]') answers, OPTIONS
 * included (the middleware answers it), or undefined when the pattern names no route file here.
 */
export async function routeMethods(pattern: string): Promise<string[] | undefined> {
  const load = ROUTE_FILES[`/src/pages${pattern}.ts`] ?? ROUTE_FILES[`/src/pages${pattern}/index.ts`];
  if (!load) return undefined;
  const mod = await load();
  if (typeof mod.ALL === 'function') return [...KNOWN_METHODS];
  const methods = KNOWN_METHODS.filter((m) => typeof mod[m] === 'function') as string[];
  if (methods.includes('GET') && !methods.includes('HEAD')) methods.splice(methods.indexOf('GET') + 1, 0, 'HEAD');
  return methods.includes('OPTIONS') ? methods : [...methods, 'OPTIONS'];
}

/** `/api/assets/{id}/history` -> /^\/api\/assets\/[^/]+\/history$/ */
const PUBLIC_PATTERNS = [...ENDPOINTS.map((e) => e.path), OPENAPI_PATH].map(
  (path) => new RegExp('^' + path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+') + '$'),
);

/**
 * The paths of route files without a parameter (`/api/alerts/webhooks`): Astro serves such a path from
 * its own file before any `[id]` beside it, so a public pattern (`/api/alerts/{id}`) never speaks for it.
 */
const STATIC_ROUTES = new Set(
  Object.keys(ROUTE_FILES)
    .filter((file) => !file.includes('['))
    .map((file) => file.replace(/^\/src\/pages/, '').replace(/(\/index)?\.ts$/, '')),
);
const PUBLIC_STATIC = new Set([...ENDPOINTS.map((e) => e.path), OPENAPI_PATH].filter((path) => !path.includes('{')));

/** True for a path of the public read API (CORS `*`, preflight granted); never for another route's own file (an admin route). */
export const isPublicReadPath = (pathname: string) =>
  (!STATIC_ROUTES.has(pathname) || PUBLIC_STATIC.has(pathname)) && PUBLIC_PATTERNS.some((p) => p.test(pathname));
