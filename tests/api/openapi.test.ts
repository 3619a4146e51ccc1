import { describe, expect, inject, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parseCsv } from '#lib/shared/csv.ts';

const base = inject('baseUrl');

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    {
      get: {
        parameters: { name: string; in: string }[];
        responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
      };
    }
  >;
  components: { schemas: Record<string, object> };
};

async function loadDoc(): Promise<Doc> {
  const res = await fetch(base + '/api/openapi.json');
  expect(res.status).toBe(200);
  return res.json();
}

/** A validator for one component of the document (every $ref resolved inside the document). */
function validatorFor(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  return (ref: string) => ajv.getSchema(`doc${ref}`)!;
}

/** Real ids for the {id} paths, read from the list endpoints. */
async function samples() {
  const [assets, networks, issuers] = await Promise.all(
    ['/api/assets', '/api/networks', '/api/issuers'].map((p) => fetch(base + p).then((r) => r.json())),
  );
  return { asset: assets[0].id, network: networks[0].id, issuer: issuers[0].id };
}

describe('/api/openapi.json', () => {
  it('is an OpenAPI 3.1 document whose schemas all compile as JSON Schema 2020-12 and whose $refs resolve', async () => {
    const doc = await loadDoc();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    const ajv = new Ajv2020({ strict: false });
    for (const [name, schema] of Object.entries(doc.components.schemas)) expect(() => ajv.compile(schema), name).not.toThrow();
    const refs = JSON.stringify(doc.paths).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const r of refs) expect(doc.components.schemas[r.split('/').pop()!], r).toBeDefined();
    // the error shape is documented for bad input
    for (const [path, item] of Object.entries(doc.paths)) expect(item.get.responses['400'], path).toBeDefined();
  });

  it('every documented GET path answers per its documented schema (the contract)', async () => {
    const doc = await loadDoc();
    const validate = validatorFor(doc);
    const ids = await samples();
    const query: Record<string, string> = {
      '/api/networks/time-series': '?metricType=rwa-holders',
      '/api/transfers': '?days=30',
      '/api/assets/{id}/history': '?range=all',
      '/api/search': '?q=ondo',
      '/api/oembed': `?url=${encodeURIComponent(base + '/')}`,
      '/api/compare': '?assets=benji,buidl,ousg',
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      // This server has published no run, so it has no alert to name: tests/api-own/alerts.test.ts checks that one against the document.
      if (path === '/api/alerts/{id}') continue;
      const url = path.replace(
        '{id}',
        path.startsWith('/api/assets') ? ids.asset : path.startsWith('/api/networks') ? ids.network : ids.issuer,
      );
      const res = await fetch(base + url + (query[path] ?? ''));
      expect(res.status, url).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), url).toBe('*');
      // Weak when the edge compressed a first answer on the fly (the tag named the uncompressed bytes).
      expect(res.headers.get('etag'), url).toMatch(/^(W\/)?"[\w-]+"$/);
      const again = await fetch(base + url + (query[path] ?? ''), { headers: { 'If-None-Match': res.headers.get('etag')! } });
      expect(again.status, `${url} revalidated`).toBe(304);
      const content = item.get.responses['200'].content!;
      // A feed: Atom is XML (its schema a string; tests/api-own/alerts.test.ts reads it with a feed parser), JSON Feed has its schema.
      if (content['application/atom+xml']) {
        expect(res.headers.get('content-type'), url).toMatch(/^application\/atom\+xml/);
        continue;
      }
      const check = validate((content['application/json'] ?? content['application/feed+json']).schema.$ref!);
      const body = await res.json();
      expect(check(body), `${url}: ${JSON.stringify(check.errors?.slice(0, 3))}`).toBe(true);
      // and a wrong answer would fail: the validator is not vacuous
      expect(check(Array.isArray(body) ? [{ nonsense: true }] : { nonsense: true }), url).toBe(false);
    }
  });

  it('answers 304 to a matching If-None-Match and 200 to a stale one', async () => {
    const first = await fetch(base + '/api/assets');
    const etag = first.headers.get('etag')!;
    const again = await fetch(base + '/api/assets', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // The same content under the same tag. Its form may differ: a page-cache hit names its coding
    // ("…-gzip", strong), an answer compressed on the fly is weak (W/"…"); another test's write
    // between the two requests turns a hit into a miss, and If-None-Match matches either form.
    const opaque = (tag: string | null) => tag?.replace(/^W\//, '').replace(/-(?:gzip|br)"$/, '"');
    expect(opaque(again.headers.get('etag'))).toBe(opaque(etag));
    expect((await fetch(base + '/api/assets', { headers: { 'If-None-Match': '"old"' } })).status).toBe(200);
  });

  it('keeps CORS off the auth routes', async () => {
    const me = await fetch(base + '/api/auth/me');
    expect(me.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('validates from and to of history endpoints (400 with the error shape)', async () => {
    const { asset, network } = await samples();
    for (const q of ['from=2025-02-30', 'to=yesterday', 'from=2025-09-10&to=2025-09-01', 'range=2y']) {
      const res = await fetch(`${base}/api/assets/${asset}/history?${q}`);
      expect(res.status, q).toBe(400);
      const body = await res.json();
      expect(body).toEqual({ message: expect.any(String), issues: expect.any(Object) });
    }
    const rows = parseCsv(await (await fetch(`${base}/api/networks/${network}/history?from=2025-01-01&to=2025-06-30&format=csv`)).text());
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows.slice(1)) expect(r[0] >= '2025-01-01' && r[0] <= '2025-06-30', r[0]).toBe(true);
  });

  it('answers ?format=csv on every list endpoint with the JSON rows', async () => {
    for (const path of ['/api/assets', '/api/networks', '/api/issuers', '/api/chart-data', '/api/transfers?days=7']) {
      const sep = path.includes('?') ? '&' : '?';
      const [jsonRows, csv] = await Promise.all([
        fetch(base + path).then((r) => r.json()),
        fetch(base + path + sep + 'format=csv').then(async (r) => {
          expect(r.headers.get('content-type'), path).toMatch(/^text\/csv/);
          return r.text();
        }),
      ]);
      const [head, ...body] = parseCsv(csv);
      expect(body.length, path).toBe(jsonRows.length);
      body.forEach((r, i) => {
        for (const [j, h] of head.entries()) {
          const v = jsonRows[i][h];
          expect(r[j], `${path} ${h}`).toBe(v === null || v === undefined ? '' : String(v));
        }
      });
    }
  });

  it('takes from and to on the spec series too (every date without them), 400 on a bad date', async () => {
    const all = await (await fetch(base + '/api/chart-data')).json();
    const some = await (await fetch(base + '/api/chart-data?from=2025-01-01&to=2025-06-30')).json();
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(all.length);
    expect(some).toEqual(all.filter((p: { date: string }) => p.date >= '2025-01-01' && p.date <= '2025-06-30'));
    const ts = await (await fetch(base + '/api/networks/time-series?metricType=rwa-holders&from=2025-06-01')).json();
    expect(ts.every((p: { date: string }) => p.date >= '2025-06-01')).toBe(true);
    for (const bad of ['/api/chart-data?from=2025-13-01', '/api/networks/time-series?metricType=rwa-holders&to=soon'])
      expect((await fetch(base + bad)).status, bad).toBe(400);
  });
});
