/**
 * npm run bench:first-run — a first run head first on the two-chain scenario of the
 * ingest tests (scripts/lib/ingest-scenario.ts), each chain given a long history (BLOCKS empty
 * blocks spread over 46 days after the scenario's days, 16 of them older than the last 30) and put behind a loopback
 * proxy that adds DELAY_MS (100 ms) to every request, refuses eth_getLogs wider than LOG_RANGE blocks
 * and counts what it forwards. Prints the time to the first live figures (the head figures
 * published) and to the complete history (every deployment's logs read, holders counted), and the
 * requests per chain of the head read (target: 2 per EVM chain). Writes bench/results/first-run.json.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '#db/client.ts';
import { parseConfig } from '#lib/server/config.ts';
import { prepareDatabase } from '#lib/server/setup/prepare.ts';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import { runIngest } from '#lib/server/ingest/run.ts';
import { isoDay } from '#lib/shared/utc-day.ts';
import { mineBlocks } from '../lib/local-chains.ts';
import { startScenario } from '../lib/ingest-scenario.ts';
import { startRpcProxy } from '../lib/rpc-proxy.ts';
import { printTable } from './print-table.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DELAY_MS = Number(process.env.DELAY_MS || 100);
const BLOCKS = Number(process.env.BLOCKS || 5_000);
/** The widest eth_getLogs range the proxy allows (Infura and QuickNode: 10,000; a stricter free tier: less). */
const LOG_RANGE = Number(process.env.LOG_RANGE || 500);
/** Blocks per anvil_mine call: a larger one outlasts fetch's header timeout on a busy machine. */
const MINE_CHUNK = 2_000;
const seconds = (t: number) => Number(((performance.now() - t) / 1000).toFixed(1));

const scenario = await startScenario(60);
for (const c of [scenario.a, scenario.b])
  for (let left = BLOCKS; left > 0; left -= MINE_CHUNK)
    await mineBlocks(c.anvil, Math.min(MINE_CHUNK, left), Math.round((46 * 86_400) / BLOCKS));
const proxies = {
  ethereum: await startRpcProxy(scenario.a.anvil.url, { delayMs: DELAY_MS, maxLogRange: LOG_RANGE }),
  arbitrum: await startRpcProxy(scenario.b.anvil.url, { delayMs: DELAY_MS, maxLogRange: LOG_RANGE }),
};
const dir = mkdtempSync(join(tmpdir(), 'rwa-bench-first-run-'));
const env = {
  ...process.env,
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'bench-password-123',
  QUIET_START: '1',
  RPC_URL_LOCAL_A: proxies.ethereum.url,
  RPC_URL_LOCAL_B: proxies.arbitrum.url,
  // Local chains: the latest block is final, and their last block may be hours old.
  INGEST_HEAD_TAG: 'latest',
  INGEST_MAX_HEAD_AGE: '0',
  INGEST_LOG_SPAN: String(LOG_RANGE),
  INGEST_MAX_LOG_SPAN: String(LOG_RANGE),
};
await prepareDatabase(parseConfig(env));
const { client, db } = openDatabase(parseConfig(env).database);
const headCalls: Record<string, number> = {};
let firstFigures = 0;
const started = performance.now();
const result = await runIngest(db, {
  dates: [isoDay(Date.now())],
  head: true,
  env,
  registry: parseRegistry(scenario.registry),
  progress: (line) => {
    if (!line.startsWith('published: ')) return;
    firstFigures = seconds(started);
    for (const [chain, p] of Object.entries(proxies)) headCalls[chain] = p.requests.length;
  },
});
const complete = seconds(started);
client.close();
await Promise.all(Object.values(proxies).map((p) => p.close()));
await scenario.stop();
if (result.status !== 'published' || !result.counts.logs?.complete) {
  console.error(
    `first run ${result.status}${result.reason ? `: ${result.reason}` : ''}; history complete: ${!!result.counts.logs?.complete}`,
  );
  process.exit(1);
}
const requests = Object.fromEntries(Object.entries(proxies).map(([k, p]) => [k, p.requests.length]));
const figures = {
  delayMsPerCall: DELAY_MS,
  blocksPerChain: BLOCKS,
  logRange: LOG_RANGE,
  firstLiveFiguresSeconds: firstFigures,
  completeHistorySeconds: complete,
  headReadCallsPerChain: headCalls,
  callsPerChain: requests,
  logRequests: result.counts.logs.requests,
  transfers: result.counts.logs.transfers,
};
console.log(
  `\nfirst run, head first, ${DELAY_MS} ms added per call, ${BLOCKS.toLocaleString('en-US')} blocks per chain, eth_getLogs up to ${LOG_RANGE} blocks:\n`,
);
printTable(
  ['chain', 'head read calls', 'all calls'],
  Object.keys(proxies).map((k) => [k, headCalls[k] ?? 0, requests[k]]),
);
console.log(`time to first live figures: ${firstFigures} s (target: 2 calls per EVM chain for the head read)`);
console.log(`time to complete history:   ${complete} s (${figures.logRequests} eth_getLogs, ${figures.transfers} transfers)`);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/first-run.json'), JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2));
process.exit(0);
