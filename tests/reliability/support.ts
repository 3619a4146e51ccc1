/**
 * Helpers shared by the reliability suites: raw HTTP from a chosen loopback address, direct reads of
 * the server's libSQL file, requiring the routes a suite attacks, and
 * the figures each suite records for the summary printed at the end of the run.
 */
import { request as httpRequest } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { createClient, type Client } from '@libsql/client';
import { TEST_ADMIN } from '../support/constants.ts';

export const FIGURES_DIR = resolve(import.meta.dirname, '../../test-results/reliability');

/** Records figures for the end-of-run summary (tests/reliability-timed/summary.ts prints them). */
export function recordFigures(suite: string, figures: Record<string, number | string>) {
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(resolve(FIGURES_DIR, `${suite}.json`), JSON.stringify(figures, null, 2));
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request with node:http, so the test controls everything fetch would normalise: the
 * source address (127.0.0.x, each its own "client" for per-address limits), odd content types, and
 * bodies sent exactly as given.
 */
export function raw(
  baseUrl: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  const headers = { ...init.headers };
  // Node sends DELETE bodies without a length unless told: say it, so the server sees one request.
  if (
    init.body !== undefined &&
    !Object.keys(headers).some((k) => k.toLowerCase() === 'content-length' || k.toLowerCase() === 'transfer-encoding')
  ) {
    headers['Content-Length'] = String(Buffer.byteLength(init.body));
  }
  return new Promise((ok, fail) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: init.method ?? 'GET',
        headers,
        localAddress: init.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout ${init.method ?? 'GET'} ${path}`)));
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/**
 * A stack trace or a server file path in a response body means an error leaked. Public web addresses
 * are set aside first: a source link such as github.com/.../blob/HEAD/src/Ethereum.sol is data.
 */
export function leaksInternals(body: string): boolean {
  const text = body.replace(/https?:\/\/[^\s"'<>]+/g, '');
  return (
    /\n\s+at\s+\S+.*[(:]/.test(text) ||
    /\bat (async )?[\w.<>]+ \(/.test(text) ||
    /(\/work\/|\/src\/|\/dist\/server\/|node:internal|file:\/\/)/.test(text)
  );
}

export function openDb(dbPath: string): Client {
  return createClient({ url: `file:${dbPath}` });
}

const CONTENT_TABLES = ['users', 'blog_posts', 'research_articles', 'uploads'] as const;

async function tables(db: Client): Promise<string[]> {
  const rs = await db.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
  );
  return rs.rows.map((r) => String(r.name));
}

export async function rowCounts(db: Client, only?: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await tables(db)) {
    if (only && !only.includes(t)) continue;
    const rs = await db.execute(`SELECT count(*) AS n FROM "${t}"`);
    out[t] = Number(rs.rows[0].n);
  }
  return out;
}

/** SHA-256 over every row of the content tables: any change a rejected request made shows up here. */
export async function contentChecksum(db: Client): Promise<string> {
  const h = createHash('sha256');
  for (const t of await tables(db)) {
    if (!(CONTENT_TABLES as readonly string[]).includes(t)) continue;
    const rs = await db.execute(`SELECT * FROM "${t}" ORDER BY rowid`);
    h.update(t);
    for (const row of rs.rows)
      h.update(
        JSON.stringify(
          Array.from(row as unknown as unknown[], (v) =>
            v instanceof ArrayBuffer ? Buffer.from(v).toString('base64') : typeof v === 'bigint' ? String(v) : v,
          ),
        ),
      );
  }
  return h.digest('hex');
}

export async function integrityCheck(dbPath: string): Promise<string> {
  const db = openDb(dbPath);
  try {
    const rs = await db.execute('PRAGMA integrity_check');
    return rs.rows.map((r) => String(Object.values(r)[0])).join('; ');
  } finally {
    db.close();
  }
}

/** Signs in with a fresh session; returns "name=value". */
/** One sign-in attempt through the real API, from the given local address (the throttles count per address). */
export function loginAttempt(
  baseUrl: string,
  credentials: { username: string; password: string },
  localAddress?: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return raw(baseUrl, '/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, ...headers },
    body: JSON.stringify(credentials),
    localAddress,
  });
}

export async function login(baseUrl: string, localAddress?: string): Promise<string> {
  const res = await loginAttempt(baseUrl, TEST_ADMIN, localAddress);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const c = cookies.find((x) => x.startsWith('rwa_session='));
  if (!c) throw new Error('no session cookie');
  return c.split(';')[0];
}

/**
 * Fails the suite when a route the suite attacks is not on this build: the router answers 404 or
 * 405. A suite that quietly skipped a missing route would pass while testing nothing.
 */
export async function requireRoute(baseUrl: string, method: string, path: string, cookie?: string): Promise<void> {
  const headers: Record<string, string> = { Origin: baseUrl, 'Content-Type': 'application/json' };
  if (cookie) headers.Cookie = cookie;
  const res = await raw(baseUrl, path, { method, headers, body: method === 'GET' ? undefined : '{}' });
  if (res.status === 404 || res.status === 405) throw new Error(`${method} ${path} is missing on this build (${res.status})`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A blog post body that any sensible validation accepts; `tag` keeps titles and slugs unique. */
export function blogPost(tag: string, extra: Record<string, unknown> = {}) {
  return {
    title: `Reliability post ${tag}`,
    slug: `reliability-post-${tag}`,
    excerpt: `Excerpt ${tag}`,
    content: `# Heading ${tag}\n\nBody of post ${tag}. It is long enough to be a real post.`,
    published: true,
    tags: ['reliability'],
    ...extra,
  };
}

export function researchArticle(tag: string, extra: Record<string, unknown> = {}) {
  return {
    title: `Reliability article ${tag}`,
    slug: `reliability-article-${tag}`,
    excerpt: `Excerpt ${tag}`,
    content: `# Heading ${tag}\n\nBody of article ${tag}.`,
    author: 'Reliability Bot',
    category: 'Research',
    published: true,
    featured: false,
    tags: ['reliability'],
    ...extra,
  };
}

/** Saves a post through the API; returns the slug when the server acknowledged it (2xx). */
export async function savePost(baseUrl: string, cookie: string, tag: string): Promise<{ status: number; slug: string; body: string }> {
  const post = blogPost(tag);
  const res = await raw(baseUrl, '/api/blog/posts', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
    body: JSON.stringify(post),
  });
  return { status: res.status, slug: post.slug, body: res.body };
}
