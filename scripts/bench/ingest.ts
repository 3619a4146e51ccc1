/**
 * npm run bench:ingest — the ingest at scale on a local Anvil chain (not a timed test):
 * 100,000 Transfer events over 10 days (TestToken.spray emits 1,000 per transaction), indexed by
 * the real EVM source into a scratch libSQL file, then served by the built server. Prints
 * transfers indexed per second, RPC calls per day of data, the publish time, and p50/p95 of the
 * data API with the ingest tables at that size; writes bench/results/ingest.json.
 * Needs `npm run build` first. TRANSFERS, DAYS and RUNS adjust it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '#db/client.ts';
import { parseConfig } from '#lib/server/config.ts';
import { prepareDatabase } from '#lib/server/setup/prepare.ts';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import { runIngest } from '#lib/server/ingest/run.ts';
import { eachDay } from '#lib/shared/utc-day.ts';
import { call, chainClient, deploy, DEPLOYER, freePort, startAnvil } from '../lib/local-chains.ts';
import { oneTokenRegistry } from '../lib/ingest-scenario.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const TRANSFERS = Number(process.env.TRANSFERS || 100_000);
const DAYS = Number(process.env.DAYS || 10);
const PER_TX = 1_000;
const RUNS = Number(process.env.RUNS || 200);
const TARGET_P95_MS = 50;
const DAY = 86_400;

if (!existsSync(join(ROOT, 'dist/server/entry.mjs'))) {
  console.error('dist/server/entry.mjs is missing: run `npm run build` first.');
  process.exit(1);
}
const seconds = (t: number) => (performance.now() - t) / 1000;

// 1. A chain with TRANSFERS transfers spread evenly over DAYS days.
const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
const day0 = today - (DAYS + 2) * DAY;
const anvil = await startAnvil(31337, day0 + 10, ['--gas-limit', '300000000']);
const chain = chainClient(anvil);
let t = performance.now();
const token = await deploy(chain, day0 + 100, 'TestToken', ['Bench', 'BENCH', 0]);
await call(chain, day0 + 200, token, 'TestToken', 'mint', [DEPLOYER, BigInt(TRANSFERS)]);
const txs = Math.ceil(TRANSFERS / PER_TX);
const perDay = Math.ceil(txs / DAYS);
for (let i = 0; i < txs; i++) {
  const day = Math.floor(i / perDay);
  const count = Math.min(PER_TX, TRANSFERS - i * PER_TX);
  await call(chain, day0 + day * DAY + 1000 + (i % perDay) * 60, token, 'TestToken', 'spray', [BigInt(count), BigInt(PER_TX), BigInt(i)]);
}
const generateSeconds = seconds(t);
console.log(`chain: ${TRANSFERS} transfers in ${txs} transactions over ${DAYS} days, generated in ${generateSeconds.toFixed(1)} s`);

// 2. Ingest all days into a scratch database (schema + snapshot first, as a server would have it).
const dir = mkdtempSync(join(tmpdir(), 'rwa-bench-ingest-'));
const env = {
  ...process.env,
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'bench-password-123',
  QUIET_START: '1',
  RPC_URL_BENCH: anvil.url,
  // Blocks played in the past on a local chain: read to the latest block, no head-age bound.
  INGEST_HEAD_TAG: 'latest',
  INGEST_MAX_HEAD_AGE: '0',
};
await prepareDatabase(parseConfig(env));
const registry = parseRegistry(oneTokenRegistry('BENCH', 'RPC_URL_BENCH', token));
const { client, db } = openDatabase(parseConfig(env).database);
const dates = eachDay(
  new Date(day0 * 1000).toISOString().slice(0, 10),
  new Date((day0 + (DAYS - 1) * DAY) * 1000).toISOString().slice(0, 10),
);
t = performance.now();
const result = await runIngest(db, { dates, env, registry });
const ingestSeconds = seconds(t);
client.close();
if (result.status !== 'published') {
  console.error(`ingest ${result.status}: ${result.reason}`);
  await anvil.stop();
  process.exit(1);
}
const evm = result.counts.evm;
console.log(
  `ingest: ${evm.transfers} transfers, ${evm.observations} observations, ${evm.rpcCalls} RPC calls in ${ingestSeconds.toFixed(1)} s (incl. publishing)`,
);
await anvil.stop();

// 3. The built server on that database; p50/p95 of the data API.
const port = await freePort();
const server = spawn(process.execPath, ['scripts/serve.ts'], {
  cwd: ROOT,
  env: { ...env, HOST: '127.0.0.1', PORT: String(port), INGEST_AUTO: 'off' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(base + '/api/market-overview')).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
async function measure(path: string) {
  for (let i = 0; i < 5; i++) await (await fetch(base + path)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const res = await fetch(base + path);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => Number(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(2));
  return { path, p50: q(50), p95: q(95), max: Number(times.at(-1)!.toFixed(2)) };
}
const paths = [
  '/api/market-overview',
  '/api/networks',
  '/api/assets',
  '/api/chart-data',
  '/api/transfers?days=7',
  '/api/transfers?days=90&minUsd=0&maxUsd=100000',
  '/api/networks/time-series?metricType=transfer-volume',
  '/api/networks/time-series?metricType=active-addresses',
  '/api/stablecoins',
  '/api/treasuries',
];
const latencies = [];
for (const p of paths) latencies.push(await measure(p));
server.kill('SIGTERM');

const figures = {
  transfers: evm.transfers,
  days: DAYS,
  transfersPerSecond: Math.round(evm.transfers / ingestSeconds),
  rpcCallsPerDay: Number((evm.rpcCalls / DAYS).toFixed(1)),
  ingestSeconds: Number(ingestSeconds.toFixed(1)),
  generateSeconds: Number(generateSeconds.toFixed(1)),
  worstP95Ms: Math.max(...latencies.map((l) => l.p95)),
  latencies,
};
console.log(`\ntransfers indexed per second: ${figures.transfersPerSecond}`);
console.log(`RPC calls per day of data:   ${figures.rpcCallsPerDay}`);
console.log('\n' + 'endpoint'.padEnd(56) + 'p50 ms'.padEnd(9) + 'p95 ms'.padEnd(9) + 'max ms');
for (const l of latencies) console.log(l.path.padEnd(56) + String(l.p50).padEnd(9) + String(l.p95).padEnd(9) + l.max);
console.log(
  `\nworst p95: ${figures.worstP95Ms} ms (target < ${TARGET_P95_MS} ms) ${figures.worstP95Ms < TARGET_P95_MS ? 'OK' : 'OVER TARGET'}`,
);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/ingest.json'), JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2));
process.exit(0);
