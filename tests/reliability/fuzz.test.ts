/**
 * Bad input: property-based fuzzing (fast-check) of every API route this build has. Malformed JSON,
 * wrong content types, oversized bodies, deep nesting, `__proto__` keys, unicode and control
 * characters, SQL metacharacters, path-traversal slugs. Never a 5xx, never a stack trace, and the
 * database unchanged by every rejected request; accepted text is stored and read back literally.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Client } from '@libsql/client';
import { startServer, type RunningServer } from '../support/server.ts';
import { sized } from '../support/size.ts';
import {
  contentChecksum,
  leaksInternals,
  login,
  openDb,
  raw,
  recordFigures,
  requireRoute,
  blogPost,
  researchArticle,
  type RawResponse,
} from './support.ts';

import { CONTENT_BODY_LIMIT } from '#lib/server/content/limits.ts';

/** True when the text does not parse as JSON: the malformed bodies the API must refuse with a 400. */
const notJson = (text: string) => {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
};

const LOGIN_BODY_LIMIT = 8 * 1024;
const RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS || 150);
/** Cases of one property: at most 100 in `npm test`, all of them under TEST_SIZE=full (tests/support/size.ts). */
const runs = (n: number) => sized(Math.min(n, 100), n);

let server: RunningServer;
let db: Client;
let base: string;
let cookie: string;
let tried = 0;
const problems: string[] = [];

interface Route {
  method: string;
  path: string;
}
const writeRoutes: Route[] = [];
const readRoutes: string[] = [];

/** Sends one request and checks the invariants every answer must keep. */
async function send(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  tried++;
  const res = await raw(base, path, { method, headers: { Origin: base, ...init.headers }, body: init.body });
  if (res.status >= 500) problems.push(`${method} ${path} -> ${res.status}: ${res.body.slice(0, 300)}`);
  if (leaksInternals(res.body)) problems.push(`${method} ${path} leaked internals: ${res.body.slice(0, 300)}`);
  return res;
}

const SQL_META = ["'", '"', ';', '--', '/*', '*/', "' OR '1'='1", "'; DROP TABLE blog_posts; --", '\\', '%', '_', '`', 'NULL', '\u0000'];
const TRAVERSAL = [
  '..',
  '../..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '..\\..\\windows',
  '%00',
  'a%00.md',
  '%252e%252e%252f',
  '..;',
  '/etc/passwd',
  '.env',
  '%2F',
  'CON',
  'x'.repeat(5000),
];

const sqlish = fc
  .array(fc.oneof(fc.constantFrom(...SQL_META), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 6 })
  .map((a) => a.join(''));
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), sqlish);
const jsonValue = fc.jsonValue({ maxDepth: 4 });

/** Bodies no write route may accept, each with the content type it is sent with. */
const invalidBody = fc.oneof(
  // malformed JSON
  fc
    .string({ minLength: 1 })
    .filter(notJson)
    .map((b) => ({ type: 'application/json', body: b })),
  jsonValue
    .map((v) => JSON.stringify(v).slice(0, -1) || '{')
    .filter(notJson)
    .map((b) => ({ type: 'application/json', body: b })),
  // wrong content types, whatever the body
  fc.record({
    type: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/xml',
      'text/html',
      'application/octet-stream',
      'image/png',
      '',
    ),
    body: fc.oneof(
      anyText,
      jsonValue.map((v) => JSON.stringify(v)),
    ),
  }),
  // deep nesting (arrays and objects: never a valid payload)
  fc.integer({ min: 500, max: 100_000 }).map((n) => ({ type: 'application/json', body: '['.repeat(n) + ']'.repeat(n) })),
  fc.integer({ min: 500, max: 40_000 }).map((n) => ({ type: 'application/json', body: '{"a":'.repeat(n) + '1' + '}'.repeat(n) })),
  // JSON of the wrong shape
  fc
    .oneof(fc.constant(null), fc.integer(), fc.string(), fc.array(jsonValue, { maxLength: 4 }), fc.boolean())
    .map((v) => ({ type: 'application/json', body: JSON.stringify(v) })),
);

beforeAll(async () => {
  server = await startServer();
  base = server.baseUrl;
  db = openDb(server.dbPath);
  cookie = await login(base);
  writeRoutes.push(
    { method: 'POST', path: '/api/blog/posts' },
    { method: 'POST', path: '/api/research' },
    { method: 'POST', path: '/api/uploads' },
    // The editor's live preview: a body rendered by the site's pipeline.
    { method: 'POST', path: '/api/content/render' },
  );
  // Edit routes need an id: make one item of each kind here.
  for (const [list, make] of [
    ['/api/blog/posts', blogPost],
    ['/api/research', researchArticle],
  ] as const) {
    const made = await raw(base, list, {
      method: 'POST',
      headers: { Origin: base, Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify(make('fuzz-target')),
    });
    const id: unknown = JSON.parse(made.body).id;
    if (made.status !== 201 || id === undefined) throw new Error(`POST ${list} made no item: ${made.status} ${made.body.slice(0, 200)}`);
    const contentKind = list === '/api/blog/posts' ? 'blog' : 'research';
    writeRoutes.push(
      { method: 'PUT', path: `${list}/${id}` },
      { method: 'DELETE', path: `${list}/${id}` },
      // The editor's autosave: the same fields as an update.
      { method: 'PUT', path: `/api/content/${contentKind}/${id}/draft` },
    );
  }
  // Every route attacked must exist on this build: a missing one fails here instead of going untested.
  // Asked without a session, so the probe is refused (401) and deletes nothing.
  for (const r of writeRoutes) await requireRoute(base, r.method, r.path);
  writeRoutes.push({ method: 'POST', path: '/api/auth/login' });

  readRoutes.push(
    '/api/auth/me',
    '/api/chart-data',
    '/api/assets',
    '/api/coverage',
    '/api/market-overview',
    '/api/networks',
    '/api/networks/time-series',
    '/api/transfers',
    // open data: lists with ?format=csv, pages as data, their downloads with range/from/to
    '/api/issuers',
    '/api/openapi.json',
    '/api/assets/buidl',
    '/api/assets/buidl/history',
    '/api/networks/ethereum',
    '/api/networks/ethereum/history',
    '/api/issuers/blackrock/history',
    '/assets/buidl',
    '/networks/ethereum',
    '/issuers',
    '/docs/api',
    '/api/blog/posts',
    '/api/research',
    '/api/research/featured',
    '/api/content/blog/deleted',
    '/api/content/research/deleted',
    '/api/placeholder',
    '/sitemap.xml',
    '/rss.xml',
    '/robots.txt',
    '/research',
  );
  for (const p of readRoutes) await requireRoute(base, 'GET', p);
  console.log('fuzz: write routes', writeRoutes.map((r) => `${r.method} ${r.path}`).join(', '), '| read routes', readRoutes.join(', '));
});

afterAll(async () => {
  db?.close();
  await server?.stop();
});

describe('bad input', () => {
  it('rejects invalid bodies on every write route (4xx), with no trace and no change to the database', async () => {
    const before = await contentChecksum(db);
    let accepted = 0;
    for (const route of writeRoutes) {
      await fc.assert(
        fc.asyncProperty(invalidBody, fc.boolean(), async ({ type, body }, signedIn) => {
          const headers: Record<string, string> = {};
          if (type) headers['Content-Type'] = type;
          if (signedIn) headers.Cookie = cookie;
          const res = await send(route.method, route.path, { headers, body });
          // DELETE takes no body: it may succeed, which is checked separately below.
          if (route.method === 'DELETE') return res.status < 500;
          if (res.status < 400) accepted++;
          return res.status >= 400 && res.status < 500;
        }),
        { numRuns: route.method === 'DELETE' ? 20 : runs(RUNS) },
      );
    }
    expect(problems).toEqual([]);
    expect(accepted).toBe(0);
    // DELETE with a session may really delete; everything else must not have changed anything.
    if (!writeRoutes.some((r) => r.method === 'DELETE')) expect(await contentChecksum(db)).toBe(before);
  });

  it('refuses every anonymous write, whatever the body, and changes nothing', async () => {
    const before = await contentChecksum(db);
    const anonymousRoutes = writeRoutes.filter((r) => r.path !== '/api/auth/login');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...anonymousRoutes),
        fc.oneof(invalidBody, fc.constant({ type: 'application/json', body: JSON.stringify(blogPost('anon')) })),
        async (route, { type, body }) => {
          const res = await send(route.method, route.path, { headers: type ? { 'Content-Type': type } : {}, body });
          return res.status >= 400 && res.status < 500;
        },
      ),
      { numRuns: runs(RUNS * 2) },
    );
    expect(problems).toEqual([]);
    expect(await contentChecksum(db)).toBe(before);
  });

  it('answers body limit + 1 byte with 413 (declared length and chunked)', async () => {
    const before = await contentChecksum(db);
    const pad = (n: number) => JSON.stringify({ username: 'admin', password: 'x'.repeat(Math.max(0, n - 36)) }).padEnd(n, ' ');
    const exact = await send('POST', '/api/auth/login', { headers: { 'Content-Type': 'application/json' }, body: pad(LOGIN_BODY_LIMIT) });
    expect(exact.status).not.toBe(413);
    const over = await send('POST', '/api/auth/login', {
      headers: { 'Content-Type': 'application/json' },
      body: pad(LOGIN_BODY_LIMIT + 1),
    });
    expect(over.status).toBe(413);
    // Content routes take up to CONTENT_BODY_LIMIT bytes: exactly that is not 413, one byte more is.
    for (const route of writeRoutes.filter((r) => r.method !== 'DELETE' && r.path !== '/api/auth/login' && r.path !== '/api/uploads')) {
      const body = (n: number) => JSON.stringify({ ...blogPost('big'), content: 'x'.repeat(600_000) }).padEnd(n, ' ');
      const headers = { 'Content-Type': 'application/json', Cookie: cookie };
      const atLimit = await send(route.method, route.path, { headers, body: body(CONTENT_BODY_LIMIT) });
      expect(atLimit.status, `${route.method} ${route.path} at the limit`).toBe(400); // content over 500,000 characters
      const over = await send(route.method, route.path, { headers, body: body(CONTENT_BODY_LIMIT + 1) });
      expect(over.status, `${route.method} ${route.path} limit + 1`).toBe(413);
      // Without a declared length (chunked), the reader stops at the limit too.
      const chunked = await send(route.method, route.path, {
        headers: { ...headers, 'Transfer-Encoding': 'chunked' },
        body: body(CONTENT_BODY_LIMIT + 1),
      });
      expect(chunked.status, `${route.method} ${route.path} chunked`).toBe(413);
    }
    expect(problems).toEqual([]);
    expect(await contentChecksum(db)).toBe(before);
  });

  it('survives hostile query strings on every read route', async () => {
    const param = fc.constantFrom(
      'days',
      'metricType',
      'minUsd',
      'maxUsd',
      'limit',
      'published',
      'category',
      'featured',
      'page',
      '__proto__',
      'constructor',
    );
    const value = fc.oneof(
      anyText,
      fc.constantFrom('7', '30', '90', '-1', '0', '1e308', 'NaN', 'Infinity', '99999999999999999999', '1.5', 'true', ''),
      sqlish,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...readRoutes),
        fc.array(fc.tuple(param, value), { maxLength: 4 }),
        fc.boolean(),
        async (path, pairs, signedIn) => {
          const qs = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const res = await send('GET', qs ? `${path}?${qs}` : path, { headers: signedIn ? { Cookie: cookie } : {} });
          return res.status < 500;
        },
      ),
      { numRuns: runs(RUNS * 4) },
    );
    expect(problems).toEqual([]);
  });

  it('treats path-traversal and odd slugs as unknown items, never as files', async () => {
    const prefixes = [
      '/api/blog/posts/by-slug/',
      '/api/research/by-slug/',
      '/blog/',
      '/research/',
      '/api/blog/posts/',
      '/api/research/',
      '/api/uploads/',
      '/uploads/',
    ];
    const slug = fc.oneof(
      fc.constantFrom(...TRAVERSAL),
      anyText.map((s) => encodeURIComponent(s)),
      fc.array(fc.constantFrom(...TRAVERSAL), { minLength: 1, maxLength: 4 }).map((a) => a.join('/')),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...prefixes), slug, async (prefix, s) => {
        const res = await send('GET', prefix + s);
        if (/root:x:0:0|DATABASE_URL|ADMIN_PASSWORD/.test(res.body)) problems.push(`${prefix}${s} served a file`);
        return res.status < 500;
      }),
      { numRuns: runs(RUNS * 4) },
    );
    expect(problems).toEqual([]);
  });

  it('never reflects markup from the placeholder image text', async () => {
    const markup = fc
      .tuple(anyText, fc.constantFrom('<script>alert(1)</script>', '"><svg onload=alert(1)>', ']]><x>', '&lt;', "'/><a href=javascript:1>"))
      .map(([a, b]) => a + b);
    await fc.assert(
      fc.asyncProperty(markup, async (text) => {
        const res = await send('GET', `/api/placeholder?text=${encodeURIComponent(text)}`);
        return (
          res.status === 200 &&
          !/<script|<svg onload|<a href|<x>/i.test(res.body.replace(/^<svg xmlns[^>]*>/, '')) &&
          /nosniff/.test(String(res.headers['x-content-type-options']))
        );
      }),
      { numRuns: runs(RUNS) },
    );
    expect(problems).toEqual([]);
  });

  it('stores unicode, control characters and SQL metacharacters literally, and __proto__ keys do nothing', async () => {
    let n = 0;
    let storedLiterally = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(sqlish, anyText, fc.string({ unit: 'grapheme', minLength: 1 })), fc.boolean(), async (text, proto) => {
        const tag = `lit-${Date.now()}-${n++}`;
        const title = `T ${text} ${tag}`;
        const content = `C ${text}`;
        const payload = JSON.stringify({ ...blogPost(tag), title, content });
        // __proto__ as a real own key of the JSON text, as an attacker would send it.
        const body = proto
          ? payload.replace(/^\{/, '{"__proto__":{"published":false,"isAdmin":true,"id":1},"constructor":{"prototype":{"polluted":1}},')
          : payload;
        const res = await send('POST', '/api/blog/posts', { headers: { 'Content-Type': 'application/json', Cookie: cookie }, body });
        if (res.status >= 400) {
          refused++;
          // Printable SQL metacharacters are ordinary text: refusing them is a bug.
          return !/^[\x20-\x7e]*$/.test(text) || res.status === 409;
        }
        const back = await send('GET', `/api/blog/posts/by-slug/${blogPost(tag).slug}`, { headers: { Cookie: cookie } });
        if (back.status !== 200) return false;
        const item = JSON.parse(back.body);
        const post = item.post ?? item;
        const literal = post.title === title.trim() && (post.content === content || post.content === content.trim());
        if (literal) storedLiterally++;
        return literal && post.isAdmin === undefined && post.polluted === undefined;
      }),
      { numRuns: runs(RUNS) },
    );
    // Nothing got polluted: the anonymous session check still says "not signed in".
    expect((await send('GET', '/api/auth/me')).status).toBe(401);
    const tables = await db.execute("SELECT count(*) AS n FROM sqlite_master WHERE name = 'blog_posts'");
    expect(Number(tables.rows[0].n)).toBe(1);
    console.log('fuzz literal round-trip', { storedLiterally, refused });
    expect(problems).toEqual([]);
  });

  afterAll(() => {
    recordFigures('fuzz', {
      inputsTried: tried,
      writeRoutes: writeRoutes.length,
      readRoutes: readRoutes.length,
      fiveXX: problems.filter((p) => / -> 5\d\d/.test(p)).length,
      leaks: problems.filter((p) => p.includes('leaked')).length,
    });
  });
});
