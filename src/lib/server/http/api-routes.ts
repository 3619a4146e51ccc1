/**
 * What the middleware knows of the /api routes before one runs: the methods each route file exports,
 * read from the modules themselves (so a route's Allow can never disagree with its code), and which
 * paths are the public read API (the endpoints' definitions, which the OpenAPI document and the
 * routes read too).
 */
import { KNOWN_METHODS } from './security.ts';

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

/**
 * The public read API's paths, from the endpoints' definitions and the document's own, as
 * `/api/assets/{id}/history` -> /^\/api\/assets\/[^/]+\/history$/ and the ones without a parameter.
 * Loaded on the first preflight, not with the middleware: only OPTIONS asks, and the definitions
 * (with the schemas and data modules they import) cost every server's first request about 0.1 s of CPU.
 */
let publicPaths: Promise<{ patterns: RegExp[]; statics: Set<string> }> | undefined;
const loadPublicPaths = () =>
  (publicPaths ??= Promise.all([import('#lib/server/open-data/endpoints/list.ts'), import('#lib/server/open-data/openapi.ts')]).then(
    ([{ ENDPOINTS }, { OPENAPI_PATH }]) => {
      const paths = [...ENDPOINTS.map((e) => e.path), OPENAPI_PATH];
      return {
        patterns: paths.map((path) => new RegExp('^' + path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+') + '$')),
        statics: new Set(paths.filter((path) => !path.includes('{'))),
      };
    },
  ));

/**
 * The paths of route files without a parameter (`/api/alerts/webhooks`): Astro serves such a path from
 * its own file before any `[id]` beside it, so a public pattern (`/api/alerts/{id}`) never speaks for it.
 */
const STATIC_ROUTES = new Set(
  Object.keys(ROUTE_FILES)
    .filter((file) => !file.includes('['))
    .map((file) => file.replace(/^\/src\/pages/, '').replace(/(\/index)?\.ts$/, '')),
);

/** True for a path of the public read API (CORS `*`, preflight granted); never for another route's own file (an admin route). */
export async function isPublicReadPath(pathname: string): Promise<boolean> {
  const { patterns, statics } = await loadPublicPaths();
  return (!STATIC_ROUTES.has(pathname) || statics.has(pathname)) && patterns.some((p) => p.test(pathname));
}
