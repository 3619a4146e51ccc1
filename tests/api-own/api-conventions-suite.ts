/**
 * The API as API clients expect it: a browser on another origin can preflight every
 * public read route (If-None-Match included, for the documented cross-origin 304), while sign-in,
 * admin and write routes grant no origin anything; and every error on an /api/ path, whoever gives
 * it (the edge, the middleware, a route), is the documented `{ message }` with CORS and Cache-Control.
 * First on its server (one-server.test.ts), so the log read for the router's warnings is its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let base: string;
const FOREIGN = 'https://elsewhere.example';

type Doc = { paths: Record<string, { get: object }> };
const loadDoc = async (): Promise<Doc> => (await fetch(base + '/api/openapi.json')).json();

/** Every documented path with a real id in place of {id}. */
async function documentedUrls(): Promise<string[]> {
  const doc = await loadDoc();
  const [asset, network, issuer] = await Promise.all(
    ['/api/assets', '/api/networks', '/api/issuers'].map(async (p) => ((await (await fetch(base + p)).json()) as { id: string }[])[0].id),
  );
  const idFor = (path: string) => (path.startsWith('/api/assets') ? asset : path.startsWith('/api/networks') ? network : issuer);
  return [...Object.keys(doc.paths).map((p) => p.replace('{id}', idFor(p))), '/api/openapi.json'];
}

const preflight = (path: string, method = 'GET', headers = 'if-none-match') =>
  fetch(base + path, {
    method: 'OPTIONS',
    headers: { Origin: FOREIGN, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers },
  });

/** The documented error shape, open to any origin, never stored. */
async function expectApiError(res: Response, status: number, what: string) {
  expect(res.status, what).toBe(status);
  expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
  expect(res.headers.get('access-control-allow-origin'), what).toBe('*');
  expect(res.headers.get('cache-control'), what).toBe('no-store');
  const body = (await res.json()) as { message: unknown };
  expect(typeof body.message, what).toBe('string');
  expect(
    Object.keys(body).every((k) => k === 'message' || k === 'issues'),
    what,
  ).toBe(true);
}

/** The suites, on the server `ready` gives (one-server.test.ts). */
export function apiConventionsSuite(ready: () => RunningServer) {
  beforeAll(() => {
    server = ready();
    base = server.baseUrl;
  });

  describe('CORS preflight', () => {
    it('grants GET with If-None-Match from any origin on every public read route (204), and a real cross-origin revalidation follows', async () => {
      const urls = await documentedUrls();
      expect(urls.length).toBeGreaterThan(20);
      for (const url of urls) {
        const res = await preflight(url);
        expect(res.status, url).toBe(204);
        expect(res.headers.get('access-control-allow-origin'), url).toBe('*');
        expect(res.headers.get('access-control-allow-methods')?.split(/,\s*/), url).toContain('GET');
        expect(res.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/), url).toContain('if-none-match');
        expect(Number(res.headers.get('access-control-max-age')), url).toBeGreaterThan(0);
        expect(res.headers.get('access-control-allow-credentials'), url).toBeNull();
        expect(await res.text(), url).toBe('');
      }
      // What the preflight was for: the conditional GET from that origin.
      const first = await fetch(base + '/api/assets', { headers: { Origin: FOREIGN } });
      const again = await fetch(base + '/api/assets', { headers: { Origin: FOREIGN, 'If-None-Match': first.headers.get('etag')! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('grants nothing on sign-in, admin and write routes: no Access-Control-* header for a foreign origin', async () => {
      const routes: [string, string][] = [
        ['/api/auth/login', 'POST'],
        ['/api/auth/me', 'GET'],
        ['/api/auth/logout', 'POST'],
        ['/api/blog/posts', 'POST'],
        ['/api/blog/posts/1', 'PUT'],
        ['/api/research/1', 'DELETE'],
        ['/api/uploads', 'POST'],
        ['/api/uploads', 'GET'],
        ['/api/content/blog/1/draft', 'PUT'],
        ['/api/content/render', 'POST'],
      ];
      for (const [path, method] of routes) {
        const res = await preflight(path, method, 'content-type');
        expect(res.status, path).toBe(403);
        for (const [key] of res.headers) expect(key.startsWith('access-control-'), `${path}: ${key}`).toBe(false);
        expect(res.headers.get('cache-control'), path).toBe('no-store');
        expect(((await res.json()) as { message: string }).message, path).toMatch(/cross-origin/i);
      }
      // The site itself (or a client without Origin) is told what the route answers.
      const own = await fetch(base + '/api/blog/posts', { method: 'OPTIONS', headers: { Origin: base } });
      expect(own.status).toBe(204);
      expect(own.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
      expect(own.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('writes no warning to the log', () => {
      expect(server.output()).not.toMatch(/\[WARN\]|No API Route handler/);
    });
  });

  describe('errors on /api/ paths', () => {
    it('a malformed percent-encoding in the query or the path is a JSON 400', async () => {
      for (const path of [
        '/api/assets?x=%ff',
        '/api/assets?x=%e2%82',
        '/api/transfers?days=%zz',
        '/api/%ff',
        '/api/assets/%c3',
        '/api/auth/me?x=%ff',
      ]) {
        await expectApiError(await fetch(base + path), 400, path);
      }
    });

    it('an unknown address is a JSON 404, by any method', async () => {
      for (const [method, path] of [
        ['GET', '/api/nope'],
        ['GET', '/api'],
        ['GET', '/api/assets/x/y/z'],
        ['POST', '/api/nope'],
        ['OPTIONS', '/api/nope'],
        ['HEAD', '/api/nope'],
      ]) {
        const res = await fetch(base + path, { method, headers: { Origin: base } });
        if (method === 'HEAD') {
          expect(res.status, path).toBe(404);
          expect(res.headers.get('cache-control')).toBe('no-store');
          continue;
        }
        await expectApiError(res, 404, `${method} ${path}`);
      }
      // A route's own 404 keeps its text and gains nothing less.
      await expectApiError(await fetch(base + '/api/assets/no-such-asset'), 404, 'unknown asset');
    });

    it('a method the route does not have is a JSON 405 with Allow, and the route still answers', async () => {
      for (const [method, path, allow] of [
        ['POST', '/api/assets', 'GET, HEAD, OPTIONS'],
        ['DELETE', '/api/networks', 'GET, HEAD, OPTIONS'],
        ['PUT', '/api/auth/me', 'GET, HEAD, OPTIONS'],
        ['GET', '/api/auth/login', 'POST, OPTIONS'],
      ]) {
        const res = await fetch(base + path, { method, headers: { Origin: base } });
        expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
        await expectApiError(res, 405, `${method} ${path}`);
      }
      expect((await fetch(base + '/api/assets')).status).toBe(200);
      expect(server.output()).not.toMatch(/No API Route handler/);
    });

    it('a method the site has nowhere is a JSON 501 on /api/ (pages keep their plain-text 405)', async () => {
      await expectApiError(await fetch(base + '/api/assets', { method: 'PROPFIND' }), 501, 'PROPFIND');
      const page = await fetch(base + '/', { method: 'PROPFIND' });
      expect(page.status).toBe(405);
      expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
    });

    it('the HTML not-found page carries a Cache-Control too', async () => {
      const res = await fetch(base + '/no-such-page');
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('money', () => {
    const DECIMAL = /^-?\d+(\.\d+)?$/;
    /** Each money field of an answer: a decimal string (or null where the figure is unknown). */
    const expectMoney = (value: unknown, what: string) => {
      if (value === null) return;
      expect(typeof value, what).toBe('string');
      expect(value as string, what).toMatch(DECIMAL);
    };

    it('is a decimal string of dollars in every answer, the spec endpoints and the others alike', async () => {
      const get = async (path: string) => (await fetch(base + path)).json();
      const [assets, issuers, networks] = await Promise.all(['/api/assets', '/api/issuers', '/api/networks'].map(get));
      for (const a of assets) expectMoney(a.marketCap, `/api/assets ${a.id}`);
      for (const n of networks) expectMoney(n.totalValue, `/api/networks ${n.id}`);
      expect(issuers.some((i: { totalMarketCap: unknown }) => i.totalMarketCap !== null)).toBe(true);
      for (const i of issuers) expectMoney(i.totalMarketCap, `/api/issuers ${i.id}`);

      const issuer = await get(`/api/issuers/${issuers[0].id}`);
      expectMoney(issuer.issuer.totalMarketCap, 'issuer.totalMarketCap');
      for (const a of issuer.assets) expectMoney(a.marketCap, 'issuer assets[].marketCap');
      for (const h of issuer.history) expectMoney(h.totalMarketCap, 'issuer history[].totalMarketCap');

      const pages = await Promise.all(networks.map((n: { id: string }) => get(`/api/networks/${n.id}`)));
      const networkAssets = pages.flatMap((p: { assets: unknown[] }) => p.assets) as { marketCap: unknown; valueOnChain: unknown }[];
      expect(networkAssets.length).toBeGreaterThan(0);
      for (const a of networkAssets) {
        expectMoney(a.marketCap, 'network assets[].marketCap');
        expectMoney(a.valueOnChain, 'network assets[].valueOnChain');
      }

      const asset = await get(`/api/assets/${assets[0].id}`);
      expectMoney(asset.asset.marketCap, 'asset.marketCap');
      expect(asset.marketCap.value).not.toBeNull();
      expectMoney(asset.marketCap.value, 'marketCap.value');
      expectMoney(asset.price.value, 'price.value');
      for (const c of asset.chains) expectMoney(c.value, 'chains[].value');
      for (const h of asset.history) expectMoney(h.marketCap, 'history[].marketCap');

      const stablecoins = await get('/api/stablecoins');
      for (const s of stablecoins.stablecoins) expectMoney(s.marketCap, 'stablecoins[].marketCap');

      const coverage = await get('/api/coverage');
      for (const k of coverage.classes) {
        expectMoney(k.reference?.value ?? null, 'coverage classes[].reference.value');
        expectMoney(k.trackedValue, 'coverage classes[].trackedValue');
        for (const l of k.leads) expectMoney(l.value, 'coverage classes[].leads[].value');
      }
      for (const l of coverage.overall.leads) expectMoney(l.value, 'coverage overall.leads[].value');

      // The downloads carry the same text.
      const csv = await (await fetch(base + '/api/issuers?format=csv')).text();
      const known = issuers.find((i: { totalMarketCap: string | null }) => i.totalMarketCap !== null);
      expect(csv).toContain(`,${known.totalMarketCap},`);
    });
  });

  describe('the OpenAPI document', () => {
    /** Route files that answer under the public read rules (serveEndpoint, publicGet, or the entity downloads), as URL templates. */
    function publicRouteFiles(): string[] {
      const root = resolve(import.meta.dirname, '../../src/pages');
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) walk(path);
          else if (/\.ts$/.test(entry.name) && /\b(serveEndpoint|publicGet|pageDownloads)\(/.test(readFileSync(path, 'utf8')))
            files.push(path);
        }
      };
      walk(join(root, 'api'));
      return files.map((f) =>
        ('/' + relative(root, f))
          .replace(/\.ts$/, '')
          .replace(/\/index$/, '')
          .replace(/\[(\w+)\]/g, '{$1}'),
      );
    }

    it('documents every public endpoint', async () => {
      const doc = await loadDoc();
      const documented = Object.keys(doc.paths);
      const routes = publicRouteFiles();
      expect(routes.length).toBeGreaterThan(15);
      for (const route of routes) {
        if (route === '/api/openapi.json') continue;
        // The entity downloads are one file for several views: each view is its own documented path.
        const matches = route.endsWith('/{view}') ? documented.filter((d) => d.startsWith(route.slice(0, -'{view}'.length))) : [route];
        expect(
          matches.some((m) => documented.includes(m)),
          `${route} is public but not in /api/openapi.json`,
        ).toBe(true);
      }
    });
  });
}
