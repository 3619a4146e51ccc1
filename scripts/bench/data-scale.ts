/**
 * Data-scale bench: 10 million transfers and 15 networks x 6 metrics x 10 years of daily points in
 * a scratch libSQL file, served by the built server (scripts/serve.ts), measured over HTTP.
 * Prints p50/p95 of /api/transfers (each period x amount range) and /api/networks/time-series
 * (each metric), and writes bench/results/data-scale.json. Needs `npm run build` first.
 *
 *   npm run bench:data                 # 10M transfers
 *   TRANSFERS=1000000 npm run bench:data
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { prepareDatabase } from '#lib/server/setup/prepare.ts';
import { NETWORK_METRICS } from '#lib/shared/analytics-types.ts';
import { AMOUNT_RANGES, TRANSFER_PERIODS, transfersPath } from '#lib/shared/transfers.ts';
import { rowText } from '#db/row-text.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const TRANSFERS = Number(process.env.TRANSFERS || 10_000_000);
const YEARS = 10;
const NETWORKS = 15;
const RUNS = Number(process.env.RUNS || 50);
const WARMUP = 5;
const AS_OF = '2025-09-12';
const TARGET_P95_MS = 50;

if (!existsSync(join(ROOT, 'dist/server/entry.mjs'))) {
  console.error('dist/server/entry.mjs is missing: run `npm run build` first.');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'rwa-bench-'));
const databaseUrl = `file:${join(dir, 'bench.db')}`;
const env = { ...process.env, DATABASE_URL: databaseUrl, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'bench-password-123', QUIET_START: '1' };
const seconds = (t: number) => ((performance.now() - t) / 1000).toFixed(1) + ' s';

// 1. Schema, admin and the regular snapshot (so serve.ts's seed-once markers are set and it skips seeding).
let t = performance.now();
await prepareDatabase({ database: { url: databaseUrl }, admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD } });
const client = createClient({ url: databaseUrl });
await client.execute('PRAGMA journal_mode = WAL');
await client.execute('PRAGMA synchronous = OFF');
await client.execute('PRAGMA cache_size = -262144');
console.log(`schema + snapshot: ${seconds(t)}`);

// 2. 10M transfers over the year before the as-of date, amounts spread over the four ranges
//    (40/30/20/10%), generated in SQL by a recursive CTE, 1M rows per statement; the index is
//    built once at the end, which is far faster than maintaining it row by row.
t = performance.now();
await client.execute('DELETE FROM transfers');
await client.execute('DROP INDEX IF EXISTS transfers_amount_date_idx');
const asOfEnd = Date.parse(AS_OF + 'T00:00:00Z') / 1000 + 86_400;
const symbols = ['USDT', 'USDC', 'BUIDL', 'USDe', 'BENJI', 'USDY', 'OUSG', 'USYC', 'PAXG', 'XAUT'];
const nets = ['Ethereum', 'TRON', 'Solana', 'BNB Chain', 'Polygon', 'Arbitrum', 'Base', 'Avalanche', 'Stellar', 'Aptos'];
const pick = (list: string[], expr: string) => `CASE ${expr} ${list.map((s, i) => `WHEN ${i} THEN '${s}'`).join(' ')} END`;
const CHUNK = 1_000_000;
for (let start = 0; start < TRANSFERS; start += CHUNK) {
  const n = Math.min(CHUNK, TRANSFERS - start);
  await client.execute(`
    INSERT INTO transfers (id, asset_symbol, usd_amount, date, network)
    WITH RECURSIVE seq(i) AS (SELECT ${start + 1} UNION ALL SELECT i + 1 FROM seq WHERE i < ${start + n}),
    r AS (SELECT i, abs(random()) AS a, abs(random()) AS b, abs(random()) AS c FROM seq)
    SELECT i,
      ${pick(symbols, 'a % 10')},
      CASE WHEN b % 10 < 4 THEN (c % 10000000) / 100.0
           WHEN b % 10 < 7 THEN 100000 + (c % 90000000) / 100.0
           WHEN b % 10 < 9 THEN 1000000 + (c % 900000000) / 100.0
           ELSE 10000000 + (c % 24000000000) / 100.0 END,
      strftime('%Y-%m-%dT%H:%M:%SZ', ${asOfEnd} - 1 - (a / 10) % (365 * 86400), 'unixepoch'),
      ${pick(nets, '(a / 7) % 10')}
    FROM r`);
  process.stdout.write(`\rtransfers: ${((start + n) / 1e6).toFixed(1)}M rows (${seconds(t)})`);
}
await client.execute('CREATE INDEX transfers_amount_date_idx ON transfers (usd_amount, date)');
console.log(`\rtransfers: ${TRANSFERS.toLocaleString('en-US')} rows + index in ${seconds(t)}`);

// 3. 15 networks x 6 metrics x 10 years of daily points, ending at the as-of date.
t = performance.now();
await client.execute('DELETE FROM network_series');
const names = (await client.execute(`SELECT name FROM networks ORDER BY total_value DESC LIMIT ${NETWORKS}`)).rows.map((r) =>
  rowText(r.name),
);
const days = YEARS * 365;
await client.execute(`
  INSERT INTO network_series (metric, date, network, value, month_end)
  WITH RECURSIVE d(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM d WHERE k < ${days - 1}),
  m(metric) AS (VALUES ${NETWORK_METRICS.map((x) => `('${x}')`).join(', ')}),
  n(idx, name) AS (VALUES ${names.map((x, i) => `(${i}, '${x.replace(/'/g, "''")}')`).join(', ')})
  SELECT m.metric, date('${AS_OF}', '-' || d.k || ' days'), n.name,
         round((1000000.0 * (n.idx + 1)) * (1.0 + (${days} - d.k) / 1000.0) * (0.95 + (abs(random()) % 1000) / 10000.0)),
         -- the last point of each month, as src/lib/server/setup/analytics.ts flags it
         d.k = 0 OR strftime('%m', '${AS_OF}', '-' || d.k || ' days') <> strftime('%m', '${AS_OF}', '-' || (d.k - 1) || ' days')
  FROM d, m, n`);
const seriesRows = Number((await client.execute('SELECT count(*) AS c FROM network_series')).rows[0].c);
await client.execute('ANALYZE');
await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
client.close();
console.log(`time series: ${seriesRows.toLocaleString('en-US')} rows in ${seconds(t)}`);

// 4. Start the built server against the scratch database.
const port = await new Promise<number>((ok) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const p = (srv.address() as { port: number }).port;
    srv.close(() => ok(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['scripts/serve.ts'], {
  cwd: ROOT,
  env: { ...env, HOST: '127.0.0.1', PORT: String(port), INGEST_AUTO: 'off' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout.on('data', (d) => (output += d));
server.stderr.on('data', (d) => (output += d));
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});
for (let i = 0; ; i++) {
  if (server.exitCode !== null) throw new Error('server exited:\n' + output);
  try {
    if ((await fetch(base + '/api/market-overview')).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 400) throw new Error('server did not start:\n' + output);
  await new Promise((r) => setTimeout(r, 150));
}

// 5. Sequential requests: warm-up, then RUNS timed ones each. Each request carries its own throw-away
// query parameter: the API's GETs come from the page cache when repeated, and this bench measures the
// database, not the cache.
let nonce = 0;
const uncached = (path: string) => `${path}${path.includes('?') ? '&' : '?'}bench=${++nonce}`;
async function measure(path: string) {
  let rows = 0;
  for (let i = 0; i < WARMUP; i++) await (await fetch(base + uncached(path))).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const res = await fetch(base + uncached(path));
    const body: unknown = await res.json();
    times.push(performance.now() - start);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    rows = Array.isArray(body) ? body.length : 0;
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => Number(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)].toFixed(2));
  return { path, rows, p50: q(50), p95: q(95), max: Number(times.at(-1)!.toFixed(2)) };
}

const results = [];
for (const days of TRANSFER_PERIODS) {
  for (const r of AMOUNT_RANGES) {
    results.push({ endpoint: 'transfers', case: `${days}d ${r.id}`, ...(await measure(transfersPath(days, r.id))) });
  }
  results.push({ endpoint: 'transfers', case: `${days}d any`, ...(await measure(`/api/transfers?days=${days}`)) });
}
for (const metric of NETWORK_METRICS) {
  results.push({ endpoint: 'time-series', case: metric, ...(await measure(`/api/networks/time-series?metricType=${metric}`)) });
}

// 6. JavaScript each data page ships: inline scripts plus every module it loads and their static imports.
async function pageJs(path: string) {
  const html = await (await fetch(base + path)).text();
  let inline = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1].trim() && !/type="application\/(ld\+)?json"/.test(m[0])) inline += gzipSync(m[1]).length;
  }
  const queue = [...html.matchAll(/(?:src|component-url|renderer-url|href)="([^"]+\.m?js)"/g)].map((m) => new URL(m[1], base + path).href);
  const seen = new Set<string>();
  let modules = 0;
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await (await fetch(url)).text();
    modules += gzipSync(code).length;
    for (const m of code.matchAll(/(?:import|from)\s*["']([^"']+\.m?js)["']/g)) queue.push(new URL(m[1], url).href);
  }
  const islands = [...html.matchAll(/component-url="[^"]*\/([^/"]+?)(?:\.[\w-]+)?\.js"/g)].map((m) => m[1]);
  return { path, files: seen.size, gzipBytes: inline + modules, islands };
}
const pages = [];
for (const path of ['/stablecoins', '/treasuries', '/private-credit', '/commodities', '/global-bonds', '/sources'])
  pages.push(await pageJs(path));
stop();

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log('\n' + pad('endpoint', 13) + pad('case', 26) + pad('rows', 6) + pad('p50 ms', 9) + pad('p95 ms', 9) + 'max ms');
for (const r of results) console.log(pad(r.endpoint, 13) + pad(r.case, 26) + pad(r.rows, 6) + pad(r.p50, 9) + pad(r.p95, 9) + r.max);
console.log('\n' + pad('page', 18) + pad('JS files', 10) + pad('gzip KB', 9) + 'islands');
for (const p of pages) console.log(pad(p.path, 18) + pad(p.files, 10) + pad((p.gzipBytes / 1024).toFixed(1), 9) + p.islands.join(', '));
const worst = Math.max(...results.map((r) => r.p95));
console.log(`\nworst p95: ${worst} ms (target < ${TARGET_P95_MS} ms) ${worst < TARGET_P95_MS ? 'OK' : 'OVER TARGET'}`);

mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench/results/data-scale.json'),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      transfers: TRANSFERS,
      seriesRows,
      networks: NETWORKS,
      years: YEARS,
      runs: RUNS,
      warmup: WARMUP,
      targetP95Ms: TARGET_P95_MS,
      worstP95Ms: worst,
      results,
      pages,
    },
    null,
    2,
  ) + '\n',
);
console.log('wrote bench/results/data-scale.json');
