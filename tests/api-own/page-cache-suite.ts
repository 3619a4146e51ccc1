/**
 * The page cache at the Node front door (src/lib/server/cache/response-cache.ts, front-door/index.ts):
 * requests that miss while the same page renders wait for that render's entry instead of rendering the
 * page again each (when an entry expired under load, every connection rendered `/` at once); an answer
 * that is not stored still reaches every request that waited on it; and an entry near its end is
 * renewed by one request while the others are still answered from it; unknown, repeated and
 * case-variant query parameters find the one entry of the view they name. The server's clock is the
 * test's to move (TEST_CLOCK_FILE), so an entry's age needs no waiting.
 */
import { writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let clockFile: string;

/** `count` GETs sent together, as a browser asks (Brotli accepted). */
async function together(path: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const r = await fetch(server.baseUrl + path, { headers: { 'accept-encoding': 'br, gzip' } });
      const h = (name: string) => r.headers.get(name);
      return { status: r.status, cache: h('x-cache'), age: h('age'), vary: h('vary'), etag: h('etag'), body: await r.text() };
    }),
  );
}
/**
 * `count` GETs whose bytes reach the server in one moment: every connection is open first, and the
 * requests are written one after another in one turn. With `fetch`, a busy machine could send the
 * later requests only after the first had been answered, and they then met the entry it stored.
 * Only the status line and headers are read.
 */
async function atOnce(path: string, count: number) {
  const { hostname, port } = new URL(server.baseUrl);
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((ok, fail) => {
          const s = connect(Number(port), hostname, () => ok(s));
          s.once('error', fail);
        }),
    ),
  );
  const answers = sockets.map(
    (s) =>
      new Promise<string>((ok, fail) => {
        const chunks: Buffer[] = [];
        s.on('data', (c: Buffer) => chunks.push(c));
        s.once('end', () => ok(Buffer.concat(chunks).toString('latin1')));
        s.once('error', fail);
      }),
  );
  for (const s of sockets)
    s.write(`GET ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\naccept-encoding: br, gzip\r\nconnection: close\r\n\r\n`);
  return (await Promise.all(answers)).map((raw) => {
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    const h = (name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim() ?? null;
    return { status: Number(head.split(' ')[1]), cache: h('x-cache'), age: h('age') };
  });
}
const caches = (answers: { cache: string | null }[]) => answers.map((a) => a.cache).sort();

/** The suite, on the server `ready` gives and the file that moves its clock (clock-server.test.ts). */
export const pageCacheSuite = (ready: () => { server: RunningServer; clockFile: string }) =>
  describe('the page cache at the front door', () => {
    beforeAll(() => {
      ({ server, clockFile } = ready());
      writeFileSync(clockFile, '0');
    });
    // The clock back where the next suite on this server expects it.
    afterAll(() => writeFileSync(clockFile, '0'));
    it('renders a page once for requests that miss together, and gives them all the same bytes', async () => {
      // A view of its own (a declared parameter), so nothing earlier has stored it.
      const answers = await together('/?league=issuers', 12);
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
      expect(caches(answers)).toEqual(['HIT', ...Array(10).fill('HIT'), 'MISS']);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      for (const a of answers) expect(a.vary).toMatch(/accept-encoding/i);
    });

    it('answers every request that waited on a render it could not store', async () => {
      const answers = await together('/no-such-page', 8);
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(404));
      expect(answers.some((a) => a.cache === 'HIT')).toBe(false);
    });

    it('renews an entry near its end with one render while the others are answered from it', async () => {
      const [first] = await together('/?league=protocols', 1);
      const storedBy = Date.now();
      expect(first.cache).toBe('MISS');
      // The server's clock set to `ms` after the entry was stored (at most: it was stored before its answer left).
      const entryAged = (ms: number) => writeFileSync(clockFile, String(ms - (Date.now() - storedBy)));
      // 5 s on (an entry lives at most 10 s here): well within its life, not renewed.
      entryAged(5000);
      expect(caches(await together('/?league=protocols', 3))).toEqual(['HIT', 'HIT', 'HIT']);
      // 8.5 s on: in its last fifth. One request renders the next entry; the others get this one, as it is.
      entryAged(8500);
      const renewing = await atOnce('/?league=protocols', 6);
      expect(caches(renewing)).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'MISS']);
      // The requests read before the render ends get the old entry; a render from memory can end before
      // the server has read the last of them, which then get the renewed one. None renders or waits.
      const ages = renewing.filter((x) => x.cache === 'HIT').map((a) => Number(a.age));
      expect(ages.filter((age) => age >= 8).length).toBeGreaterThanOrEqual(1);
      for (const age of ages) expect(age >= 8 || age <= 1, `age ${age}`).toBe(true);
      // 10.5 s on, the old entry would be over: the renewed one answers, young.
      entryAged(10_500);
      const [after] = await together('/?league=protocols', 1);
      expect(after.cache).toBe('HIT');
      expect(Number(after.age)).toBeLessThanOrEqual(3);
      expect(after.body).toBe(first.body);
    });

    it('files unknown, repeated and case-variant parameters under the one entry of the view they name', async () => {
      // The first spelling renders (the sort view of a table, asked in capitals, with a crawler's extras) ...
      const [first] = await together('/stablecoins?SORT=x&sort=PRICE&dir=Asc&utm_source=crawler&fbclid=1', 1);
      expect(first.status).toBe(200);
      expect(first.cache).toBe('MISS');
      // ... and every other spelling of that view is the same entry.
      for (const variant of [
        '/stablecoins?sort=price&dir=asc',
        '/stablecoins?dir=asc&sort=price',
        '/stablecoins?sort=price&sort=name&dir=asc&dir=desc',
        '/stablecoins?sort=Price&dir=ASC&x=1&y=2',
      ]) {
        const [a] = await together(variant, 1);
        expect(a.cache, variant).toBe('HIT');
        expect(a.body, variant).toBe(first.body);
      }
      // A sort view names the page as its canonical address.
      expect(first.body).toContain(`<link rel="canonical" href="${server.baseUrl}/stablecoins">`);
      // And a burst of unknown parameters on the plain page renders it once.
      const plain = await Promise.all(Array.from({ length: 20 }, (_, i) => together(`/stablecoins?utm_campaign=${i}&ref=${i}`, 1)));
      expect(plain.flat().filter((a) => a.cache === 'MISS').length).toBeLessThanOrEqual(1);
    });

    it('renders the view its key names: what the key leaves out never reaches the page', async () => {
      // A case variant of a declared value, read by a page whose reader is exact (view-state.ts): the page
      // is handed the canonical query, so it renders the Issuers view that the key files it under.
      const [variant] = await together('/?LEAGUE=x&league=PROTOCOLS&period=90&period=7&junk=%3Cscript%3E', 1);
      const [canonical] = await together('/?league=protocols&period=90', 1);
      expect(variant.cache).toBe('MISS');
      expect(canonical.cache).toBe('HIT');
      expect(canonical.body).toBe(variant.body);
      // The view rendered afresh, never stored (a session cookie that names no session skips the cache).
      const fresh = await fetch(`${server.baseUrl}/?league=protocols&period=90`, { headers: { cookie: 'rwa_session=none' } });
      expect(fresh.headers.get('x-cache')).toBeNull();
      expect(variant.body).toBe(await fresh.text());
    });
  });
