/**
 * Issue 15, "few round trips": on a remote libSQL server (a real sqld on loopback, JWT auth) a page
 * makes at most 2 database round trips (the change counter for the page cache, then one batch of the
 * page's reads) and an API call 1. Counted by an HTTP relay between the server and sqld: each request
 * it passes on is one round trip, exactly as a remote database sees it. Also: the page cache works on
 * the remote database (a hit costs the counter read only) and still shows an edit at once, and
 * cacheable answers carry the CDN cache tags (src/lib/server/cdn.ts).
 */
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingRelay, startSqld, type CountingRelay, type Sqld } from '../../scripts/lib/sqld';
import { startServer, type RunningServer } from '../support/server';

let sqld: Sqld;
let relay: CountingRelay;
let server: RunningServer;

beforeAll(async () => {
  sqld = await startSqld();
  relay = await countingRelay(sqld.url);
  server = await startServer({ env: { DATABASE_URL: relay.url, DATABASE_AUTH_TOKEN: sqld.authToken } });
});
afterAll(async () => {
  await server?.stop();
  await relay?.close();
  await sqld?.stop();
});

const SLUG = 'state-of-tokenized-treasuries-2025';

/** One GET, and how many round trips to the database it cost. */
async function roundTrips(path: string, headers: Record<string, string> = {}) {
  const before = relay.count();
  const res = await fetch(server.baseUrl + path, { headers });
  const body = await res.text();
  // Nothing of a GET runs after its answer; a short pause catches a stray late query all the same.
  await new Promise((r) => setTimeout(r, 50));
  return {
    status: res.status,
    trips: relay.count() - before,
    cache: res.headers.get('x-cache'),
    tags: res.headers.get('netlify-cache-tag'),
    body,
  };
}

describe('database round trips on sqld', () => {
  it('a page makes at most 2, an API call 1', async () => {
    const pages = ['/', '/networks', `/research/${SLUG}`, '/research', '/stablecoins'];
    for (const path of pages) {
      // A distinct query string: a miss, so the page renders and reads its data.
      const r = await roundTrips(`${path}?rt=${Date.now()}`);
      expect(r.status, path).toBe(200);
      expect(r.cache, path).toBe('MISS');
      expect(r.trips, path).toBeGreaterThanOrEqual(1);
      expect(r.trips, path).toBeLessThanOrEqual(2);
    }
    for (const path of ['/api/networks', '/api/transfers?days=30']) {
      const r = await roundTrips(path);
      expect(r.status, path).toBe(200);
      expect(JSON.parse(r.body).length, path).toBeGreaterThan(0);
      expect(r.trips, path).toBe(1);
    }
  });

  it('serves a repeated page from the cache for one round trip, and shows a change made elsewhere at once', async () => {
    const path = `/research?hit=${Date.now()}`;
    expect((await roundTrips(path)).cache).toBe('MISS');
    const hit = await roundTrips(path);
    expect(hit.cache).toBe('HIT');
    expect(hit.trips).toBe(1);

    // Another instance's write (here: another client on the same sqld) moves the change counter.
    const other = createClient({ url: sqld.url, authToken: sqld.authToken });
    try {
      await other.execute({ sql: 'UPDATE research_articles SET title = ? WHERE slug = ?', args: ['Round trip retitled', SLUG] });
    } finally {
      other.close();
    }
    const after = await roundTrips(path);
    expect(after.cache).toBe('MISS');
    expect(after.body).toContain('Round trip retitled');
  });

  it('ignores a page-cache version header sent by a visitor', async () => {
    const path = `/networks?forged=${Date.now()}`;
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
    expect((await roundTrips('/')).tags).toBe('data,content,content-list');
  });
});
