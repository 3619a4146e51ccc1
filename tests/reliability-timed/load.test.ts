/**
 * Load: mixed page and API traffic at 100 connections for RELIABILITY_LOAD_SECONDS (default 5 s in
 * `npm test`, 60 s under TEST_SIZE=full: tests/support/size.ts)
 * while the admin saves a post every 200 ms and another process writes to the same database file. Nothing may fail: 0 errors, 0 5xx, every acknowledged
 * save readable afterwards, and no 'database is locked' reaching a client.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import autocannon from 'autocannon';
import { startServer, type RunningServer } from '../support/server.ts';
import { sized } from '../support/size.ts';
import { login, raw, recordFigures, requireRoute, savePost, sleep } from '../reliability/support.ts';

const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS || sized(5, 60));
const CONNECTIONS = 100;

/**
 * Another process writing to the same database file, as `npm run ingest` does beside the server:
 * each of its transactions holds the write lock a moment, so the server's saves meet a held lock
 * and must wait for it (the client's busy timeout, db/client.ts) instead of failing with
 * 'database is locked'. Without it, 5 s of load met no lock at all.
 */
const RIVAL = `
import Database from 'libsql';
const db = new Database(process.env.RIVAL_DB, { timeout: 10000 });
db.exec('CREATE TABLE IF NOT EXISTS load_rival (n INTEGER)');
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
for (;;) { db.exec('BEGIN IMMEDIATE'); db.exec('INSERT INTO load_rival VALUES (1)'); pause(40); db.exec('COMMIT'); pause(40); }
`;

/** The pages and API reads the traffic goes to: each must answer 200 before the run. */
const ROUTES = [
  '/',
  '/login',
  '/networks',
  '/stablecoins',
  '/treasuries',
  '/research',
  '/sitemap.xml',
  '/api/networks',
  '/api/transfers?days=30',
  '/api/chart-data',
  '/api/assets',
  '/api/market-overview',
  '/api/networks/time-series?metricType=tokenized-asset-value',
  '/api/blog/posts?published=true',
  '/api/research',
];

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('load', () => {
  it(
    `holds ${CONNECTIONS} connections of mixed traffic for ${SECONDS} s while the admin saves every 200 ms`,
    { timeout: (SECONDS + 180) * 1000 },
    async () => {
      const base = server.baseUrl;
      // Traffic goes to every route listed, plus one blog post and one research article page.
      const paths = [...ROUTES];
      const sitemap = await raw(base, '/sitemap.xml');
      for (const kind of ['blog', 'research']) {
        const item = sitemap.body.match(new RegExp(`<loc>[^<]*?(/${kind}/[^<]+)</loc>`))?.[1];
        expect(item, `a /${kind}/ page in the sitemap`).toBeDefined();
        paths.push(item!);
      }
      for (const p of paths) expect((await raw(base, p)).status, p).toBe(200);

      const cookie = await login(base);
      await requireRoute(base, 'POST', '/api/blog/posts', cookie);

      // The writer: one save every 200 ms (overlapping when the server is slow), each remembered when acknowledged.
      const acked: string[] = [];
      const failures: string[] = [];
      let writes = 0;
      let stop = false;
      const inflight = new Set<Promise<void>>();
      const writer = (async () => {
        let i = 0;
        while (!stop) {
          const tag = `load-${Date.now()}-${i++}`;
          writes++;
          const p = (async () => {
            try {
              const r = await savePost(base, cookie, tag);
              if (r.status >= 200 && r.status < 300) acked.push(r.slug);
              else failures.push(`${r.status} ${r.body.slice(0, 200)}`);
            } catch (e) {
              failures.push(String(e));
            }
          })();
          inflight.add(p);
          void p.finally(() => inflight.delete(p));
          await sleep(200);
        }
      })();

      const rival = spawn(process.execPath, ['--input-type=module', '-e', RIVAL], {
        env: { ...process.env, RIVAL_DB: server.dbPath },
        stdio: 'ignore',
      });
      const result = await autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 20,
        requests: paths.map((path) => ({ method: 'GET', path })),
      });
      stop = true;
      await writer;
      await Promise.all(inflight);
      rival.kill('SIGKILL');

      // Every acknowledged save is readable afterwards.
      let unreadable = 0;
      for (const slug of acked) {
        const res = await raw(base, `/api/blog/posts/by-slug/${slug}`, { headers: { Cookie: cookie } });
        if (res.status !== 200) unreadable++;
      }
      const lockedInLog = (server.output().match(/database is locked/gi) ?? []).length;

      const figures = {
        seconds: SECONDS,
        connections: CONNECTIONS,
        routes: paths.length,
        requests: result.requests.total,
        'req/s': Math.round(result.requests.average),
        p99ms: result.latency.p99,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        '5xx': result['5xx'],
        writes,
        acked: acked.length,
        writeFailures: failures.length,
        writesLost: unreadable,
        lockedInLog,
      };
      recordFigures('load', figures);
      console.log('load', figures);

      expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result['5xx']).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(unreadable).toBe(0);
      expect(acked.length).toBeGreaterThanOrEqual(SECONDS); // at least one save a second got through
    },
  );
});
