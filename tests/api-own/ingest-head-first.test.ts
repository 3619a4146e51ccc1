/**
 * Head first against a node without archive state (Anvil with --prune-history) behind a loopback
 * proxy that rate-limits and refuses eth_getLogs ranges wider than 50 blocks: today's figures are
 * read in two requests and published before any log is read, the asset shows "indexing, N% of
 * history read" rather than a blank, and a run killed with -9 in the middle of the older history
 * resumes at its checkpoint, re-reads no finished range and counts every transfer once.
 */
import { createClient } from '@libsql/client';
import { DatabaseSync } from 'node:sqlite';
import { parseAbiItem, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  chainClient,
  deploy,
  DEPLOYER,
  mineBlocks,
  startAnvil,
  type Anvil,
  type LocalChain,
} from '../../scripts/lib/local-chains.ts';
import { startRpcProxy, type RpcProxy } from '../../scripts/lib/rpc-proxy.ts';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getOk, runIngestCli } from '../support/ingest.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { byTestId } from '../support/html.ts';

const DAY = 86_400;
const SPRAYS = 24;
const PER_SPRAY = 20;
const TREASURY = '0x0000000000000000000000000000000000007e55';
const LOG_LIMIT = 50;
let anvil: Anvil;
let chain: LocalChain;
let proxy: RpcProxy;
let server: RunningServer;
let token: Address;
let registryFile: string;
let totalLogs: number;
let env: Record<string, string>;
let head: number;
let stallHistory = false;
let recentRead = false;
let historyAnswered = 0;
/** What the database held when the first log request reached the proxy (read there, while that request waits). */
let atFirstLogRead: { published: number; observations: number } | undefined;

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** The published runs and their accepted observations, read from the server's file at once (no await). */
function publishedNow() {
  const db = new DatabaseSync(server.dbPath, { readOnly: true });
  try {
    const one = (sql: string) => Number(Object.values(db.prepare(sql).get() ?? { n: 0 })[0]);
    return {
      published: one("SELECT count(*) FROM ingest_runs WHERE status = 'published'"),
      observations: one('SELECT count(*) FROM ingest_observations WHERE accepted = 1'),
    };
  } finally {
    db.close();
  }
}

async function query(sql: string) {
  const c = createClient({ url: server.databaseUrl });
  try {
    return (await c.execute(sql)).rows;
  } finally {
    c.close();
  }
}

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  const t0 = now - 50 * DAY;
  // 128 recent states, as a full (not archive) geth node keeps: the finalized head is among them, no past day is.
  anvil = await startAnvil(31337, t0, ['--prune-history', '128']);
  chain = chainClient(anvil);
  token = await deploy(chain, t0 + 100, 'TestToken', ['Spray', 'SPRAY', 0]);
  const gold = await deploy(chain, t0 + 200, 'TestToken', ['Gold', 'GOLD', 0]);
  const feed = await deploy(chain, t0 + 300, 'TestPriceFeed');
  await call(chain, t0 + 400, token, 'TestToken', 'mint', [DEPLOYER, 1_000_000n]);
  await call(chain, t0 + 500, token, 'TestToken', 'mint', [TREASURY, 500_000n]);
  await call(chain, t0 + 600, gold, 'TestToken', 'mint', [DEPLOYER, 100n]);
  // A spray every two days, 40 empty blocks before each: ten older than 30 days, fourteen within them.
  for (let i = 0; i < SPRAYS; i++) {
    await mineBlocks(anvil, 40, 60);
    await call(chain, t0 + (i + 1) * 2 * DAY, token, 'TestToken', 'spray', [BigInt(PER_SPRAY), 100n, BigInt(i)]);
  }
  await call(chain, now - 3000, feed, 'TestPriceFeed', 'set', [200_000_000_000n]); // $2,000, 8 decimals
  // Anvil's finalized head trails its latest block: the blocks above leave every action below it.
  await mineBlocks(anvil, 70, 1);
  totalLogs = (await chain.pub.getLogs({ address: token, event: transferEvent, fromBlock: 0n, toBlock: 'latest' })).length;
  registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
  writeFileSync(
    registryFile,
    JSON.stringify({
      chains: { ethereum: { chainId: 31337, name: 'Ethereum', rpcEnv: 'RPC_URL_PRUNED' } },
      assets: [
        {
          symbol: 'SPRAY',
          name: 'Spray Test Fund',
          issuer: 'Test',
          assetClass: 'U.S. Treasuries',
          price: { kind: 'fixed', usd: '1.00' },
          deployments: [{ chain: 'ethereum', address: token, startBlock: 0, excludeHolders: [TREASURY] }],
        },
        {
          symbol: 'GOLD',
          name: 'Gold Test',
          issuer: 'Test Vaults',
          assetClass: 'Commodities',
          price: { kind: 'feed', chain: 'ethereum', address: feed },
          deployments: [{ chain: 'ethereum', address: gold, startBlock: 0, excludeHolders: [] }],
        },
      ],
    }),
  );
  // The first run is stopped in its older history: once the recent window is read (a range ending at
  // the head), the proxy answers three history ranges and leaves the fourth unanswered.
  head = Number((await chain.pub.getBlock({ blockTag: 'finalized' })).number);
  proxy = await startRpcProxy(anvil.url, {
    rateLimitEvery: 6,
    maxLogRange: LOG_LIMIT,
    stall: (method, params) => {
      if (method !== 'eth_getLogs' || !stallHistory) return false;
      // Read synchronously, before the proxy forwards it: the run cannot go on past this request meanwhile.
      atFirstLogRead ??= publishedNow();
      const { toBlock } = params[0] as { toBlock: string };
      if (Number(BigInt(toBlock)) === head) recentRead = true;
      else if (recentRead) historyAnswered++;
      return historyAnswered > 3;
    },
  });
  server = await startServer({ env: { INGEST_REGISTRY: registryFile } });
  env = {
    DATABASE_URL: server.databaseUrl,
    INGEST_REGISTRY: registryFile,
    RPC_URL_PRUNED: proxy.url,
    INGEST_HEAD_TAG: 'finalized',
    INGEST_LOG_SPAN: String(LOG_LIMIT),
  };
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await anvil?.stop();
});

describe('head first on a node without archive state', () => {
  it('the node keeps no old state: a read at an early block is refused', async () => {
    await expect(chain.pub.getBalance({ address: DEPLOYER, blockNumber: 5n })).rejects.toThrow(/block height is \d+ but requested was 5/);
    expect(totalLogs).toBe(2 + SPRAYS * PER_SPRAY);
  });

  it("today's figures of the chain take two requests: the chain id with the head, then one multicall", async () => {
    proxy.reset();
    const r = await runIngestCli(['--head', '--dry-run'], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(proxy.requests).toEqual([['eth_chainId', 'eth_getBlockByNumber'], ['eth_call']]);
  }, 60_000);

  it('killed with -9 in the older history: the head figures are published, holders say "indexing", nothing is blank', async () => {
    proxy.reset();
    stallHistory = true;
    let history = 0;
    const r = await runIngestCli(['--head'], env, (line, kill) => {
      if (/history blocks \d+-\d+/.test(line) && ++history === 3) kill();
    });
    stallHistory = false;
    expect(r.signal, r.stdout + r.stderr).toBe('SIGKILL');
    expect(history).toBe(3);
    // The head figures were published (in their own transaction) before any log was read: the proxy's
    // log starts with the head's two requests, and when the first log request reached it, the run
    // with both assets' figures was already published.
    const firstLogs = proxy.requests.findIndex((m) => m.includes('eth_getLogs'));
    expect(proxy.requests.slice(0, 2)).toEqual([['eth_chainId', 'eth_getBlockByNumber'], ['eth_call']]);
    expect(firstLogs).toBeGreaterThan(1);
    expect(atFirstLogRead).toEqual({ published: 1, observations: 2 });
    expect(proxy.refused.wideRanges).toBeGreaterThan(0);
    expect(proxy.refused.rateLimited).toBeGreaterThan(0);
    const [run] = await query("SELECT id, status FROM ingest_runs WHERE status = 'published'");
    expect(run).toBeDefined();
    const obs = await query(
      'SELECT asset_symbol, supply, price, holders FROM ingest_observations WHERE accepted = 1 ORDER BY asset_symbol',
    );
    expect(obs.map((o) => [o.asset_symbol, o.supply, o.price, o.holders])).toEqual([
      ['GOLD', '100', 2000, null],
      ['SPRAY', '1000000', 1, null],
    ]);
    const api = await getOk(server.baseUrl, '/api/assets/spray');
    expect(api.supply.value).toBe(1_000_000);
    // Dollar amounts are decimal strings in the API (one money type).
    expect(api.marketCap.value).toBe('1000000');
    expect(api.holders.value).toBeNull();
    expect(api.holders.indexing.percent).toBeGreaterThan(0);
    expect(api.holders.indexing.percent).toBeLessThan(100);
    expect(api.holders.unknown).toBe(`indexing, ${api.holders.indexing.percent}% of history read`);
    const page: string = await getOk(server.baseUrl, '/assets/spray');
    expect(page).toContain(`Indexing, ${api.holders.indexing.percent}% of history read`);
    for (const id of ['figure-market-cap', 'figure-supply', 'figure-price', 'figure-holders'])
      expect(byTestId(page, id), id).toContain('data-value="known"');
  }, 120_000);

  it('started again, it resumes at its checkpoint, re-reads no finished range, and counts every transfer once', async () => {
    const [cp] = await query(`SELECT history_next, history_end FROM ingest_checkpoints WHERE token = '${token.toLowerCase()}'`);
    const next = Number(cp.history_next);
    const end = Number(cp.history_end);
    expect(next).toBeGreaterThan(0);
    proxy.reset();
    const r = await runIngestCli(['--head'], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    // Only the older history left at the checkpoint is read: it starts there and ends below the recent window.
    const ranges = proxy.logRanges;
    expect(ranges.length).toBeGreaterThan(0);
    expect(Math.min(...ranges.map(([from]) => from))).toBe(next);
    for (const [from, to] of ranges) {
      expect(from).toBeGreaterThanOrEqual(next);
      expect(to).toBeLessThan(end);
    }
    const [counts] = await query(
      "SELECT count(*) AS n, count(DISTINCT tx_hash || log_index) AS d FROM ingest_transfers WHERE asset_symbol = 'SPRAY'",
    );
    expect(Number(counts.n)).toBe(totalLogs);
    expect(Number(counts.d)).toBe(totalLogs);
    // Every indexed balance is the chain's balanceOf at the head.
    const held = await query(`SELECT holder, balance FROM ingest_holders WHERE token = '${token.toLowerCase()}' AND positive = 1`);
    const onChain = await chain.pub.multicall({
      contracts: held.map((h) => ({
        address: token,
        abi: [
          { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] },
        ] as const,
        functionName: 'balanceOf' as const,
        args: [String(h.holder) as Address] as const,
      })),
      allowFailure: false,
      deployless: true,
    });
    expect(held.map((h) => BigInt(String(h.balance)))).toEqual(onChain);
    expect(onChain.reduce((s, b) => s + b, 0n)).toBe(1_500_000n);
    const api = await getOk(server.baseUrl, '/api/assets/spray');
    expect(api.holders.indexing).toBeUndefined();
    // The treasury is excluded: every other positive balance is a holder.
    expect(api.holders.value, r.stdout).toBe(held.length - 1);
  }, 120_000);
});
