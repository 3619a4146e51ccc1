import type { Client } from '@libsql/client';
import { databaseConfigFromEnv, isLocalFile } from '@db/client';
import { getDb } from './db';
import { now } from './clock';

/**
 * A small in-process cache for anonymous GETs of HTML pages the route itself declared shareable
 * (`Cache-Control: public, ..., s-maxage=N`): what a CDN in front would do, for the standalone
 * server that has none. An entry is used for at most min(N, 10 s) and only while the database is
 * unchanged: any successful write through this server clears the cache, and SQLite's
 * `PRAGMA data_version` (which moves when another connection commits: a transaction, a script, a
 * restore) is checked on every hit. Never used for a request carrying a session cookie, for a
 * response that sets a cookie, or with a remote database (no cheap change signal there).
 */
const MAX_ENTRIES = 300;
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_TTL_MS = 10_000;

interface Entry {
  version: number;
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  expires: number;
}

const entries = new Map<string, Entry>();

let localFile: boolean | undefined;

/** The database's change counter, or undefined when the cache must not be used (remote database). */
export async function dataVersion(): Promise<number | undefined> {
  localFile ??= isLocalFile(databaseConfigFromEnv(process.env).url);
  if (!localFile) return undefined;
  // drizzle's libSQL database carries its client as $client (not in its public type).
  const client = (getDb() as unknown as { $client: Client }).$client;
  const rs = await client.execute('PRAGMA data_version');
  return Number(Object.values(rs.rows[0] ?? {})[0]);
}

export function cachedResponse(key: string, version: number): Response | undefined {
  const hit = entries.get(key);
  if (!hit) return undefined;
  // The server clock, as scheduled publishing uses it: a page whose s-maxage was cut to end at a
  // scheduled moment is never served past that moment.
  if (hit.expires <= now().getTime() || hit.version !== version) {
    entries.delete(key);
    return undefined;
  }
  return new Response(hit.body.slice(), { status: hit.status, headers: hit.headers });
}

function ttlOf(response: Response): number {
  const cc = response.headers.get('cache-control') ?? '';
  if (!/\bpublic\b/i.test(cc) || /no-store|private/i.test(cc)) return 0;
  const sMaxAge = Number(/s-maxage=(\d+)/i.exec(cc)?.[1] ?? 0);
  return Math.min(sMaxAge * 1000, MAX_TTL_MS);
}

/** Stores a shareable answer (reading its body) and returns an equivalent response to send. */
export async function storeResponse(key: string, version: number, response: Response): Promise<Response> {
  const ttl = ttlOf(response);
  // Pages only: rendering is what costs; the JSON data API answers from indexed queries, and its
  // latency at scale (npm run bench:data) must measure the database, not this cache.
  const html = /^text\/html\b/i.test(response.headers.get('content-type') ?? '');
  if (!html || response.status !== 200 || ttl <= 0 || response.headers.has('set-cookie') || !response.body) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = [...response.headers.entries()];
  if (body.byteLength <= MAX_BODY_BYTES) {
    entries.set(key, { version, status: response.status, headers, body, expires: now().getTime() + ttl });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  return new Response(body, { status: response.status, headers });
}

/** Any successful write may change what a cached page shows. */
export function clearResponseCache() {
  entries.clear();
}
