import { closeSync, fstatSync, openSync, statSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { isLocalFile } from '#db/local-file.ts';
import { CHANGE_COUNTER_TABLE } from '#db/change-counter.ts';
import { getDb } from '#lib/server/db/client.ts';
import { config } from '#lib/server/config.ts';
import { localWriteGeneration } from '#lib/server/db/local-writes.ts';
import { EDGE_PAGE_CACHE, type CachedPage, type EdgePageCache } from './edge-page-cache.ts';
import { now } from '#lib/server/clock.ts';
import { canonicalQuery } from '#lib/shared/route-params.ts';
import { contentEtag } from './content-etag.ts';

/**
 * A small in-process cache for anonymous GETs of HTML pages and JSON API answers the route itself declared shareable
 * (`Cache-Control: public, ..., s-maxage=N`): what a CDN in front would do, for the standalone
 * server that has none. An entry is used for at most min(N, 10 s) and only while the database's
 * change counter is where it was when the page was rendered. Triggers bump that counter in the
 * same transaction as any change to the content and data tables (db/change-counter.ts), whoever
 * writes (this server, a script, an ingest), and it reads the same on every pooled connection,
 * unlike `PRAGMA data_version`, which is per connection. Requests that change nothing (a refused
 * write, an anonymous POST) therefore leave the cache alone. Never used for a request carrying a
 * session cookie or for a response that sets a cookie. With a remote database (sqld, Turso) too: a hit
 * costs at most the counter's round trip instead of a page's batch of reads (see readCounter), and the
 * counter is read at most once per request: the Node edge reads it for its lookup and hands it on to the
 * middleware (below).
 *
 * Each entry is stored with a strong ETag (a 304 for a client that has it). Its Brotli and gzip forms
 * are made by the Node edge on the first hit that asks for each and kept with the entry: compressed once,
 * and never for an entry no client asked compressed (a write-heavy minute re-stores every page many
 * times: compressing each store cost a third of the throughput under tests/reliability-timed/load.test.ts).
 *
 * The key is the path and the canonical query only: nothing else a visitor sends (Host, X-Forwarded-*,
 * cookies other than the session) changes a page, because absolute URLs come from the configured
 * origin; and of the query only what the route declared it reads (src/lib/shared/route-params.ts), so
 * an unknown, repeated or case-variant parameter finds the entry of the view it names.
 */
const MAX_ENTRIES = 300;
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_TTL_MS = 10_000;

interface Entry {
  version: number;
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  /** The body's compressed forms, made by the Node edge on the first hit that asks for each (see below). */
  encoded: { identity: Uint8Array; br?: Uint8Array; gzip?: Uint8Array };
  /** When it was rendered (server clock): a hit says how old it is (Age). */
  stored: number;
  expires: number;
  /** The hit's headers but Age, as the edge writes them: made on the first edge hit, reused by the others. */
  edgeHeaders?: Record<string, string>;
}

const entries = new Map<string, Entry>();

/** What identifies an answer: the path and its canonical query (see above for why nothing else). */
export const cacheKey = (url: URL) => url.pathname + canonicalQuery(url.pathname, url.search);

/** The same from the edge's `pathname + search` as sent. */
function edgeKey(target: string): string {
  const at = target.indexOf('?');
  return at < 0 ? target : target.slice(0, at) + canonicalQuery(target.slice(0, at), target.slice(at));
}

/**
 * The edge hands the counter it read to the app in this request header, with a secret made per process
 * so that a visitor cannot send one (a forged version could file a fresh page under a future counter,
 * or make the server render a page it holds). `.renew` says the edge sent the request to render the
 * next entry of a page whose entry ends soon (see lookupAt): the app renders it even though the
 * entry is still live.
 */
const VERSION_HEADER = 'x-rwa-page-cache-version';
const VERSION_SECRET = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The counter the edge read for this request, and whether it sent it to renew the entry, when it did. */
function fromEdge(request: Request | undefined): { version: number; renew: boolean } | undefined {
  const given = request?.headers.get(VERSION_HEADER);
  const m = given && /^([0-9a-f]{32})\.(\d{1,15})(\.renew)?$/.exec(given);
  return m && m[1] === VERSION_SECRET ? { version: Number(m[2]), renew: m[3] !== undefined } : undefined;
}

/** The database's change counter, or undefined when the cache must not be used. */
export async function dataVersion(request?: Request): Promise<number | undefined> {
  return fromEdge(request)?.version ?? readCounter();
}

/**
 * The counter is kept in memory so that a cache hit costs no read: this process's own writes drop the
 * kept value as soon as they commit (local-writes.ts).
 * - With a remote database it is kept COUNTER_MEMO_MS (a read is a round trip: on sqld over loopback
 *   about 2 ms, a tenth of the embedded file's rate); another instance's edit shows at most that much
 *   later, well within the page's cache lifetime.
 * - With a local file it is kept while the file is unchanged on disk (diskStamp): any commit by any
 *   connection (a script, `npm run ingest`) writes it, so another process's edit still shows at
 *   once, and a stat call replaces a query that cost a third of a cached hit at 10,000 req/s.
 */
const COUNTER_MEMO_MS = 1000;
let remote: boolean | undefined;
let localFile: string | undefined;
interface Moment {
  generation: number;
  at: number;
  stamp: string;
}
let kept: ({ value: number } & Moment) | undefined;

/**
 * What a commit changes on disk: the modification time and size of the WAL, which in WAL mode (the
 * mode db/client.ts sets, and which every connection then uses) is the only file a commit writes; of
 * the database file itself when there is no WAL (a rollback journal, or the last connection closed
 * and took the WAL away). This runs on every cache hit: one fstat of the WAL (walStat) where a stat of
 * each file took two syscalls and two path lookups. Plain numbers (mtimeMs keeps the nanoseconds to a
 * fraction of a microsecond) and no exception for a missing file: BigInt stats and thrown errors were
 * most of its cost.
 */
function diskStamp(file: string): string {
  const wal = walStat(`${file}-wal`);
  if (wal) return `wal ${wal.mtimeMs}:${wal.size}`;
  const db = statSync(file, { throwIfNoEntry: false });
  return db ? `db ${db.mtimeMs}:${db.size}` : '-';
}

/**
 * The WAL's stat through a descriptor kept open, which spares the path lookup (half of a stat's cost
 * here). SQLite never renames a WAL: it deletes it (the last connection closing) and later makes a new
 * one under the same name. A deleted file has no links left; its descriptor is then let go and the
 * name looked up again. Read-only, and on the WAL only: SQLite takes no locks on the WAL itself (they
 * are on the database and its -shm), so this descriptor's close can drop none of them.
 */
let walFd: number | undefined;
function walStat(path: string): Stats | undefined {
  if (walFd !== undefined) {
    const kept = fstatSync(walFd);
    if (kept.nlink > 0) return kept;
    closeSync(walFd);
    walFd = undefined;
  }
  if (!statSync(path, { throwIfNoEntry: false })) return undefined;
  try {
    walFd = openSync(path, 'r');
  } catch {
    // Deleted between the two calls: no WAL.
    return undefined;
  }
  return fstatSync(walFd);
}

/** Where the counter lives, and this moment's marks to check a kept value against. */
function moment(): Moment {
  const url = config().database.url;
  remote ??= !isLocalFile(url);
  if (!remote) localFile ??= resolve(url.slice('file:'.length));
  return { generation: localWriteGeneration(), at: Date.now(), stamp: localFile ? diskStamp(localFile) : '' };
}

/** The kept counter, if nothing can have moved it since it was read. */
function keptAt(m: Moment): number | undefined {
  if (!kept || kept.generation !== m.generation) return undefined;
  if (remote) return m.at - kept.at < COUNTER_MEMO_MS ? kept.value : undefined;
  return kept.stamp === m.stamp ? kept.value : undefined;
}

/** `m`: the stamp, taken before the read (a change committed while it travels is not vouched for); a caller that has one passes it. */
async function readCounter(m: Moment = moment()): Promise<number | undefined> {
  const known = keptAt(m);
  if (known !== undefined) return known;
  try {
    const [row] = await getDb().all<{ n: number }>(sql.raw(`SELECT n FROM ${CHANGE_COUNTER_TABLE} WHERE id = 1`));
    if (row === undefined) return undefined;
    const value = Number(row.n);
    kept = { value, ...m };
    return value;
  } catch {
    // A database not prepared by src/lib/server/setup/prepare.ts (no counter yet): serve uncached rather than fail.
    return undefined;
  }
}

/** A live entry for the key at this version, or undefined (an expired or outdated one is dropped). */
function liveEntry(key: string, version: number): Entry | undefined {
  const hit = entries.get(key);
  // The server clock, as scheduled publishing uses it: a page whose s-maxage was cut to end at a
  // scheduled moment is never served past that moment.
  if (!hit || hit.expires <= now().getTime() || hit.version !== version) {
    if (hit) entries.delete(key);
    return undefined;
  }
  return hit;
}

/**
 * A hit's headers: the stored ones with `Age`, the seconds since it was rendered (RFC 9111 4.2.3),
 * so a cache or browser behind this one counts its s-maxage from the rendering, not from the replay.
 */
function hitHeaders(hit: Entry): [string, string][] {
  return [...hit.headers.filter(([k]) => k !== 'age'), ['age', ageOf(hit)], ['x-cache', 'HIT']];
}

const ageOf = (hit: Entry) => String(Math.max(0, Math.floor((now().getTime() - hit.stored) / 1000)));

/**
 * The live entry as a Response: a 304 when the request already has it (If-None-Match). None for a
 * request the edge sent to renew the entry.
 */
export function cachedResponse(key: string, version: number, request?: Request): Response | undefined {
  if (fromEdge(request)?.renew) return undefined;
  const hit = liveEntry(key, version);
  if (!hit) return undefined;
  const etag = hit.headers.find(([k]) => k === 'etag')?.[1];
  const ifNoneMatch = request?.headers.get('if-none-match');
  if (etag && ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''))) {
    const headers = new Headers(
      // CORS too: a cross-origin client that sent If-None-Match itself reads the 304, and may only with it.
      hitHeaders(hit).filter(([k]) => /^(?:etag|cache-control|vary|age|x-cache|cache-tag|netlify-cache-tag|access-control-.+)$/.test(k)),
    );
    return new Response(null, { status: 304, headers });
  }
  return new Response(hit.body.slice(), { status: hit.status, headers: new Headers(hitHeaders(hit)) });
}

/**
 * Renders under way for the edge, by key. Every entry lives at most MAX_TTL_MS, and when it expires,
 * every request that came before the new one was stored used to render the page again: at 100
 * connections that was 100 renders of `/` at once, and the server answered nothing for seconds. A
 * request that misses while the same page renders at the same counter waits for that render's entry
 * instead (and renders itself if none comes: an answer not stored, a render that failed).
 */
const rendering = new Map<string, { version: number; done: Promise<void>; settle: () => void }>();

function startRendering(key: string, version: number): () => void {
  let release!: () => void;
  const done = new Promise<void>((ok) => (release = ok));
  const flight = {
    version,
    done,
    settle: () => {
      if (rendering.get(key) === flight) rendering.delete(key);
      release();
    },
  };
  rendering.set(key, flight);
  return flight.settle;
}

/** Ends the render of `key` at `version`, if the edge is waiting on one: stored or not, its waiters look again. */
function settleRendering(key: string, version: number): void {
  const flight = rendering.get(key);
  if (flight?.version === version) flight.settle();
}

/** A hit as the edge writes it: the headers made once per entry, Age set per answer. */
function edgeAnswer(hit: Entry): CachedPage {
  hit.edgeHeaders ??= Object.fromEntries(
    hitHeaders(hit).filter(([k]) => k !== 'age' && k !== 'content-length' && k !== 'transfer-encoding'),
  );
  return { status: hit.status, headers: { ...hit.edgeHeaders, age: ageOf(hit) }, body: hit.body, encoded: hit.encoded };
}

/** A miss goes on to the app: it renders and stores under the counter read here, without a second read. */
function passOn(req: EdgeRequest | undefined, version: number, renew = false): undefined {
  if (req) req.headers[VERSION_HEADER] = `${VERSION_SECRET}.${version}${renew ? '.renew' : ''}`;
  return undefined;
}

/**
 * An entry is renewed in the last fifth of its life (at most its last RENEW_AHEAD_MS): one request
 * renders the next entry while the others are still answered from this one, which is live, so nobody
 * waits for a render on a busy page. Without it, every connection stood still at each expiry while the
 * page rendered (at 100 connections the cached `/` answered at half a pre-rendered page's rate).
 */
const RENEW_AHEAD_MS = 2000;
const endsSoon = (hit: Entry) => hit.expires - now().getTime() <= Math.min(RENEW_AHEAD_MS, (hit.expires - hit.stored) / 5);

type EdgeRequest = Parameters<EdgePageCache['lookup']>[1];
type Found = ReturnType<EdgePageCache['lookup']>;

function lookupAt(key: string, version: number, req: EdgeRequest, whenAnswered: Parameters<EdgePageCache['lookup']>[2]): Found {
  const hit = liveEntry(key, version);
  const flight = rendering.get(key);
  if (hit) {
    // One request renews an entry that ends soon; the others meanwhile get it as it is.
    if (flight || !whenAnswered || !endsSoon(hit)) return edgeAnswer(hit);
    whenAnswered(startRendering(key, version));
    return passOn(req, version, true);
  }
  // Another request is rendering this page at this counter: wait for its entry.
  if (flight?.version === version) {
    return flight.done.then(() => {
      const stored = liveEntry(key, version);
      return stored ? edgeAnswer(stored) : passOn(req, version);
    });
  }
  whenAnswered?.(startRendering(key, version));
  return passOn(req, version);
}

/**
 * The same lookup for the Node edge (front-door/index.ts), which answers a hit before the Astro
 * pipeline: the bytes as stored, no stream. It is found there once the app has served a request. A hit
 * whose counter is known without a query is answered synchronously: no promise, no turn of the
 * microtask queue, as the pre-rendered pages are.
 */
(globalThis as Record<symbol, unknown>)[EDGE_PAGE_CACHE] = {
  lookup(target, req, whenAnswered) {
    const key = edgeKey(target);
    const m = moment();
    const known = keptAt(m);
    if (known !== undefined) return lookupAt(key, known, req, whenAnswered);
    return readCounter(m).then((version) => (version === undefined ? undefined : lookupAt(key, version, req, whenAnswered)));
  },
} satisfies EdgePageCache;

function ttlOf(response: Response): number {
  const cc = response.headers.get('cache-control') ?? '';
  if (!/\bpublic\b/i.test(cc) || /no-store|private/i.test(cc)) return 0;
  const sMaxAge = Number(/s-maxage=(\d+)/i.exec(cc)?.[1] ?? 0);
  return Math.min(sMaxAge * 1000, MAX_TTL_MS);
}

/** What is stored: pages (rendering is what costs) and the JSON API's answers (querying and serialising). */
const STORED_TYPES = /^(?:text\/html|application\/json)\b/i;

/**
 * Stores a shareable answer (reading its body) and returns an equivalent response to send. The
 * requests the edge holds for this render then look again, whether it was stored or not.
 */
export async function storeResponse(key: string, version: number, response: Response): Promise<Response> {
  try {
    return await store(key, version, response);
  } finally {
    settleRendering(key, version);
  }
}

async function store(key: string, version: number, response: Response): Promise<Response> {
  const ttl = ttlOf(response);
  const stored = now().getTime();
  const storable = STORED_TYPES.test(response.headers.get('content-type') ?? '');
  if (!storable || response.status !== 200 || ttl <= 0 || response.headers.has('set-cookie') || !response.body) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  // A strong validator of the bytes (the route's own when it set one): a client that has them gets a 304.
  const headers = [...response.headers.entries()];
  if (!response.headers.has('etag')) headers.push(['etag', contentEtag(body)]);
  if (body.byteLength <= MAX_BODY_BYTES) {
    entries.set(key, { version, status: response.status, headers, body, encoded: { identity: body }, stored, expires: stored + ttl });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  const out = new Headers(headers);
  out.set('X-Cache', 'MISS');
  return new Response(body, { status: response.status, headers: out });
}
