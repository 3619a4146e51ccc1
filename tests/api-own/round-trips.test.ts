/**
 * On a remote libSQL server (a real sqld on loopback, JWT auth) a page
 * makes at most 2 database round trips (the change counter for the page cache, then one batch of the
 * page's reads) and an API call 1. Counted by an HTTP relay between the server and sqld: each request
 * it passes on is one round trip, exactly as a remote database sees it. Also: the page cache works on
 * the remote database (a hit costs at most the counter read) and still shows edits in time, and
 * cacheable answers carry the CDN cache tags (src/lib/server/cache/cdn.ts). A view of a page (a sort or
 * filter link) re-uses the reads the page made at the same change counter (src/lib/server/db/read-memo.ts).
 */
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpChangeCounter, sqlRelay, startSqld, type Sqld, type SqlRelay, type Trip } from '../../scripts/lib/sqld.ts';
import { CHANGE_COUNTER_TABLE } from '#db/change-counter.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, loginCookie } from '../support/http.ts';

let sqld: Sqld;
/** The change counter's read (response-cache.ts), alone in its round trip: `SELECT n FROM change_counter WHERE id = 1`. */
const COUNTER_READ = new RegExp(`SELECT n FROM ${CHANGE_COUNTER_TABLE} WHERE id = 1`);
const isCounterRead = (trip: Trip) => COUNTER_READ.test(trip.body) && (trip.body.match(/"sql"\s*:/g) ?? []).length === 1;

let relay: SqlRelay;
let server: RunningServer;

beforeAll(async () => {
  sqld = await startSqld();
  relay = await sqlRelay(sqld.url);
  server = await startServer({ env: { DATABASE_URL: relay.url, DATABASE_AUTH_TOKEN: sqld.authToken } });
});
afterAll(async () => {
  await server?.stop();
  await relay?.close();
  await sqld?.stop();
});

const SLUG = 'state-of-tokenized-treasuries-2025';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One GET, and the round trips to the database it cost: all of them, and how many were the change counter's read. */
async function roundTrips(path: string, headers: Record<string, string> = {}) {
  const before = relay.trips().length;
  const res = await fetch(server.baseUrl + path, { headers });
  const body = await res.text();
  // Nothing of a GET runs after its answer; a short pause catches a stray late query all the same.
  await sleep(50);
  const trips = relay.trips().slice(before);
  return {
    status: res.status,
    trips: trips.length,
    counterReads: trips.filter(isCounterRead).length,
    cache: res.headers.get('x-cache'),
    tags: res.headers.get('netlify-cache-tag'),
    vary: res.headers.get('netlify-vary'),
    body,
  };
}

/**
 * Moves the change counter from outside (as another instance's write would) and waits until the
 * counter the server keeps in memory (1 s after its read, response-cache.ts) has lapsed: the next view
 * reads the counter again, and every page and answer not yet rendered at the new counter renders
 * afresh. The wait counts from the relay's last counter read, which the server's own clock for it
 * precedes: no longer than needed, never shorter.
 */
async function lapse() {
  await bumpChangeCounter(sqld);
  const last = relay.trips().findLast(isCounterRead)?.at ?? 0;
  await sleep(Math.max(0, last + 1_100 - Date.now()));
}

describe('database round trips on sqld', () => {
  it('a page makes at most 2, an API call 1', async () => {
    // One page of every kind: the entity pages by the first ids the API lists, /compare with the first two.
    const ids = async (path: string) => ((await (await fetch(server.baseUrl + path)).json()) as { id: string }[]).map((r) => r.id);
    const [asset, other] = await ids('/api/assets');
    const [issuer] = await ids('/api/issuers');
    const pages = [
      '/',
      '/networks',
      '/networks/ethereum',
      '/assets',
      `/assets/${asset}`,
      '/issuers',
      `/issuers/${issuer}`,
      '/stablecoins',
      '/treasuries',
      '/commodities',
      '/private-credit',
      '/sources',
      '/alerts',
      '/corrections',
      `/compare?assets=${asset},${other}`,
      '/research',
      `/research/${SLUG}`,
      '/blog',
      '/search?q=usd',
    ];
    const apis = [
      '/api/networks',
      '/api/transfers?days=30',
      '/api/market-overview',
      '/api/stablecoins',
      '/api/networks/time-series?metricType=tokenized-asset-value',
    ];
    // The worst case: the change counter kept in memory has lapsed and another client moved it (a
    // made-up query parameter no longer misses: the key holds only what the route reads). After one
    // lapse every page not yet rendered at the new counter renders afresh, each with its own batch; the
    // first reads the counter again, and a later one does too once the kept counter lapses again. The
    // relay tells the counter's read from a batch: a page's cost is at most that read and its one batch.
    await lapse();
    for (const [i, path] of pages.entries()) {
      let r = await roundTrips(path);
      // One of the server's own pollers (the alert outbox every 30 s) may fall in the window: the page
      // is tried again after a new lapse; a real extra trip shows in every attempt.
      for (let attempt = 1; attempt < 3 && r.trips - r.counterReads !== 1; attempt++) {
        await lapse();
        r = await roundTrips(path);
      }
      expect(r.status, path).toBe(200);
      expect(r.cache, path).toBe('MISS');
      // The first view after the lapse is the worst case itself: the counter read, then the batch.
      if (i === 0) expect(r.counterReads, path).toBe(1);
      expect(r.counterReads, path).toBeLessThanOrEqual(1);
      expect(r.trips - r.counterReads, path).toBe(1);
    }
    for (const path of apis) {
      // The counter kept (a page has just read or kept it) and the answer not cached yet at this
      // counter: an API call's own cost is its one batch. Under load the kept counter (1 s) may lapse
      // between the two requests, or one of the server's own pollers fall in the window: tried again
      // after a new lapse; a real second trip shows in every attempt.
      const afterPage = async () => {
        await roundTrips('/networks');
        return roundTrips(path);
      };
      let r = await afterPage();
      for (let attempt = 1; attempt < 3 && r.trips !== 1; attempt++) {
        await lapse();
        r = await afterPage();
      }
      expect(r.cache, path).not.toBe('HIT');
      expect(r.status, path).toBe(200);
      expect(Object.keys(JSON.parse(r.body)).length, path).toBeGreaterThan(0);
      expect(r.counterReads, path).toBe(0);
      expect(r.trips, path).toBe(1);
    }
    // One page of every kind (19) after one lapse, each at most the counter read and one batch, and five API calls.
  }, 60_000);

  it('serves a repeated page from the cache for at most one round trip; an edit here shows at once, one elsewhere within a second', async () => {
    const path = '/research';
    await lapse();
    expect((await roundTrips(path)).cache).toBe('MISS');
    const hit = await roundTrips(path);
    expect(hit.cache).toBe('HIT');
    // The counter is kept in memory for a moment on a remote database: 0 round trips, or 1 to re-read it.
    expect(hit.trips).toBeLessThanOrEqual(1);

    // An edit through this instance drops the kept counter as it commits: the very next view shows it.
    const cookie = await loginCookie(server.baseUrl);
    const list = (await (await api(server.baseUrl, '/api/research', { cookie })).json()) as { id: number; slug: string }[];
    const id = list.find((a) => a.slug === SLUG)!.id;
    const put = await api(server.baseUrl, `/api/research/${id}`, { method: 'PUT', cookie, body: { title: 'Edited here' } });
    expect(put.status).toBe(200);
    const mine = await roundTrips(path);
    expect(mine.cache).toBe('MISS');
    expect(mine.body).toContain('Edited here');

    // Another instance's write (here: another client on the same sqld) moves the change counter; this
    // instance notices within the second it may keep the counter, far inside the page's cache lifetime.
    const other = createClient({ url: sqld.url, authToken: sqld.authToken });
    try {
      await other.execute({ sql: 'UPDATE research_articles SET title = ? WHERE slug = ?', args: ['Round trip retitled', SLUG] });
    } finally {
      other.close();
    }
    // Past that second, the first view shows the edit (no timing is measured: a slower machine only
    // waits longer, and an instance that kept its counter longer than a second would fail here).
    await new Promise((r) => setTimeout(r, 1_200));
    const after = await roundTrips(path);
    expect(after.body).toContain('Round trip retitled');
  });

  it("a view of a page (its sort and filter links) re-uses the page's reads, and its canonical names the page", async () => {
    await lapse();
    const canonical = (body: string) => new URL(/<link rel="canonical" href="([^"]+)"/.exec(body)![1]).pathname;
    for (const [page, views] of [
      ['/assets', ['/assets?sort=name&dir=asc', '/assets?class=stablecoins&utm_source=crawler']],
      ['/stablecoins', ['/stablecoins?sort=name&dir=asc']],
    ] as const) {
      const plain = await roundTrips(page);
      expect(plain.cache, page).toBe('MISS');
      expect(plain.trips, page).toBeGreaterThanOrEqual(1);
      for (const view of views) {
        const r = await roundTrips(view);
        expect(r.status, view).toBe(200);
        // Rendered afresh (its own entry in the page cache), from the page's rows: no batch of its own,
        // at most the change counter read again once the kept one lapses.
        expect(r.cache, view).toBe('MISS');
        expect(r.trips, view).toBeLessThanOrEqual(1);
        expect(r.body, view).not.toBe(plain.body);
        expect(canonical(r.body), view).toBe(page);
        // Netlify's CDN keys it on the parameters the route reads, as this cache does.
        expect(r.vary, view).toMatch(/^query=(?:[\w-]+\|)*sort(?:\|[\w-]+)*$/);
      }
      expect(canonical(plain.body), page).toBe(page);
    }
  });

  it('ignores a page-cache version header sent by a visitor', async () => {
    const path = '/networks?metric=rwa-holders';
    await lapse();
    const forged = await roundTrips(path, { 'x-rwa-page-cache-version': `${'0'.repeat(32)}.999999` });
    expect(forged.status).toBe(200);
    // The forged counter is not believed: the page was filed under the real one, so the next view hits.
    expect((await roundTrips(path)).cache).toBe('HIT');
  });

  it('tags cacheable answers for the CDN: figures `data`, reading pages `content` and their own tag', async () => {
    expect((await roundTrips('/networks')).tags).toBe('data');
    expect((await roundTrips('/api/networks')).tags).toBe('data');
    expect((await roundTrips(`/research/${SLUG}`)).tags).toBe(`content,research:${SLUG}`);
    expect((await roundTrips('/research')).tags).toBe('content,content-list');
    const home = await roundTrips('/');
    expect(home.tags).toBe('data,content,content-list');
    // Netlify's CDN keys a page on the query parameters its route reads; a route that reads none sends none.
    expect(home.vary).toBe('query=league|period|range|stablecoins');
    expect((await roundTrips('/research')).vary).toBeNull();
  });
});
