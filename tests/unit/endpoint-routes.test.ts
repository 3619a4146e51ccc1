/**
 * Every public endpoint has its route, and every route serving one serves its own: each
 * definition's path leads (as Astro routes it) to a route file under src/pages/api that serves
 * that very definition (`serveEndpoint(NAME, …)`, or `view(NAME, …)` in an entity page's downloads),
 * and a route file that serves a definition serves only listed ones, each of whose path leads to it.
 * The definitions are the exported ones of src/lib/server/open-data/endpoints/ and must all be
 * listed; the routes are read from the file system (import.meta.glob is Vite's, not vitest's).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '#lib/server/open-data/endpoints/list.ts';
import type { EndpointDefinition } from '#lib/server/open-data/endpoints/definition.ts';

const ROOT = process.cwd();
const PAGES = join(ROOT, 'src/pages');
const DEFINITIONS = join(ROOT, 'src/lib/server/open-data/endpoints');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

/** Every exported definition of the endpoints' modules, by its export name. */
async function exportedDefinitions(): Promise<Map<EndpointDefinition, string>> {
  const named = new Map<EndpointDefinition, string>();
  for (const file of readdirSync(DEFINITIONS).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(join(DEFINITIONS, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      const d = value as Partial<EndpointDefinition> | null;
      if (d && typeof d === 'object' && typeof d.path === 'string' && 'schema' in d) named.set(d as EndpointDefinition, name);
    }
  }
  return named;
}

/** A route file's path segments below src/pages (`api/assets/[id]/[view]`), the index file named by its folder. */
const segmentsOf = (file: string) =>
  relative(PAGES, file)
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '')
    .split('/');

/** How a route file's segment ranks, as Astro prefers: a static one first, then a parameter, then a rest parameter. */
const rankOf = (segment: string) => (segment.startsWith('[...') ? 2 : segment.startsWith('[') ? 1 : 0);

/** Whether a route file answers a definition's path: a `{param}` only where the file has a parameter. */
function answers(file: string[], path: string[]): boolean {
  for (let i = 0; i < file.length; i++) {
    if (rankOf(file[i]) === 2) return true;
    if (i >= path.length) return false;
    if (rankOf(file[i]) === 0 && file[i] !== path[i]) return false;
  }
  return file.length === path.length;
}

/** The route file Astro serves a definition's path from: of those that answer it, the most static, segment by segment. */
function routeOf(path: string, routes: string[]): string | undefined {
  const segments = path.replace(/^\//, '').split('/');
  const candidates = routes.filter((f) => answers(segmentsOf(f), segments));
  const order = (f: string) => segmentsOf(f).map(rankOf);
  candidates.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  });
  return candidates[0];
}

/** The definitions a route file serves, by name: `serveEndpoint(NAME, …)` and an entity page's `view(NAME, …)`. */
const servedIn = (text: string) => [...text.matchAll(/\b(?:serveEndpoint|view)\(\s*([A-Z][A-Z0-9_]*)\s*,/g)].map((m) => m[1]);

const routes = filesUnder(join(PAGES, 'api')).filter((f) => f.endsWith('.ts'));
const text = new Map(routes.map((f) => [f, readFileSync(f, 'utf8')]));

describe("the public endpoints' definitions and their routes", () => {
  it('every exported definition is listed, once', async () => {
    const named = await exportedDefinitions();
    expect(named.size).toBeGreaterThan(20);
    expect([...named.keys()].filter((d) => !ENDPOINTS.includes(d)).map((d) => named.get(d))).toEqual([]);
    expect(ENDPOINTS.filter((d) => !named.has(d)).map((d) => d.path)).toEqual([]);
    expect(new Set(ENDPOINTS.map((d) => d.path)).size).toBe(ENDPOINTS.length);
  });

  it('every definition is served by the route file its path leads to, by name', async () => {
    const named = await exportedDefinitions();
    const unserved = ENDPOINTS.flatMap((d) => {
      const file = routeOf(d.path, routes);
      return file && servedIn(text.get(file)!).includes(named.get(d)!)
        ? []
        : [`${d.path} (${file ? relative(ROOT, file) : 'no route file'})`];
    });
    expect(unserved).toEqual([]);
  });

  it('every route file that serves a definition serves only listed ones, whose paths lead to it', async () => {
    const byName = new Map([...(await exportedDefinitions())].map(([d, name]) => [name, d]));
    const serving = routes.filter((f) => servedIn(text.get(f)!).length > 0);
    expect(serving.length).toBeGreaterThan(20);
    const stray = serving.flatMap((f) =>
      servedIn(text.get(f)!).flatMap((name) => {
        const d = byName.get(name);
        return d && routeOf(d.path, routes) === f ? [] : [`${relative(ROOT, f)}: ${name}`];
      }),
    );
    expect(stray).toEqual([]);
  });

  it('no public route answers around its definition: publicGet is left to the document itself', () => {
    const direct = routes.filter((f) => /\bpublicGet\(/.test(text.get(f)!)).map((f) => relative(ROOT, f));
    expect(direct).toEqual(['src/pages/api/openapi.json.ts']);
  });

  it('finds the route Astro would: a static file before a parameter, the download views behind their [view]', () => {
    const at = (path: string) => relative(PAGES, routeOf(path, routes)!);
    expect(at('/api/networks/time-series')).toBe('api/networks/time-series.ts');
    expect(at('/api/networks/{id}')).toBe('api/networks/[id].ts');
    expect(at('/api/networks')).toBe('api/networks/index.ts');
    expect(at('/api/assets/{id}/history')).toBe('api/assets/[id]/[view].ts');
    expect(at('/api/alerts/feed.atom')).toBe('api/alerts/feed.atom.ts');
    expect(at('/api/nothing/here')).toBe('api/[...path].ts');
    expect(servedIn('export const GET = serveEndpoint(ASSETS, async () => x);')).toEqual(['ASSETS']);
  });
});
