/**
 * DefiLlama's answers checked: a stablecoin id answering for another symbol is refused
 * naming both; a protocol answer as large as ondo-global-markets' (over the 20 MB cap whole) is read
 * within the cap; a source without holders never erases a network's holder series; Stellar holders
 * count in the total of an asset that also has EVM deployments.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symbolMismatch } from '#lib/server/ingest/sources/defillama.ts';
import { protocolOnDay } from '#lib/server/ingest/sources/defillama-protocol.ts';
import { PROTOCOL_DROPPED_KEYS } from '#lib/server/catalogue/aggregators.ts';
import { requestJson } from '#lib/server/ingest/sources/http.ts';
import { MemberDropper } from '#lib/server/ingest/sources/json-drop.ts';
import { gridOf } from '#lib/server/ingest/derive/grid.ts';
import { buildOverview } from '#lib/server/ingest/derive/overview.ts';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import type { Obs } from '#lib/server/ingest/cells.ts';
import { freePort } from '../../scripts/lib/free-port.ts';

const CAP = 20 * 1024 * 1024;

describe('a stablecoin answer names the asset asked', () => {
  it('an id answering with another symbol is refused, naming both', () => {
    expect(symbolMismatch({ symbol: 'USDT', defillamaId: 2 }, { symbol: 'USDC', chainBalances: {} })).toBe(
      'USDT: DefiLlama stablecoin id 2 answers for "USDC", not "USDT": refused (check defillamaId in the registry)',
    );
    expect(symbolMismatch({ symbol: 'USDe', defillamaId: 146 }, { symbol: 'USDE', chainBalances: {} })).toBeNull();
    expect(symbolMismatch({ symbol: 'USDT', defillamaId: 1 }, { chainBalances: {} })).toBeNull();
  });
});

describe('dropping members while a JSON answer streams', () => {
  it('replaces the dropped values (objects, arrays, strings, numbers) by null, in pieces of any size', () => {
    const doc = {
      a: 1,
      tokens: [{ date: 1, tokens: { X: 1 } }],
      b: { tokens: 'x",}]', c: [1, { tokens: 12.5 }, 'tokens'] },
      tokensInUsd: { '"q': [1, 2] },
      d: 'tokens',
      e: { tokensInUsd: null },
    };
    const text = JSON.stringify(doc, null, 1);
    const want = {
      a: 1,
      tokens: null,
      b: { tokens: null, c: [1, { tokens: null }, 'tokens'] },
      tokensInUsd: null,
      d: 'tokens',
      e: { tokensInUsd: null },
    };
    for (const size of [1, 2, 7, text.length]) {
      const f = new MemberDropper(new Set(PROTOCOL_DROPPED_KEYS), 1e6, () => new Error('too large'));
      for (let i = 0; i < text.length; i += size) f.write(text.slice(i, i + size));
      expect(JSON.parse(f.end()), `pieces of ${size}`).toEqual(want);
    }
  });
});

/** A protocol answer shaped like /protocol/ondo-global-markets: 600 tokens x 3 chains of daily breakdowns. */
function bigProtocolAnswer(days: number): { text: string; end: number } {
  const chains = ['Ethereum', 'Solana', 'BSC'];
  const start = Date.parse('2025-06-01T00:00:00Z') / 1000;
  const tokenNames = Array.from({ length: 600 }, (_, i) => `"${`STOCK${i}ON`}":${(1000 + i * 7.25).toFixed(4)}`).join(',');
  const dayTokens = (d: number) => `{"date":${start + d * 86400},"tokens":{${tokenNames}}}`;
  const breakdown = Array.from({ length: days }, (_, d) => dayTokens(d)).join(',');
  const tvl = (k: number) =>
    Array.from({ length: days }, (_, d) => `{"date":${start + d * 86400},"totalLiquidityUSD":${(k * 1e8 + d * 1000).toFixed(2)}}`).join(
      ',',
    );
  const chainTvls = chains.map((c, k) => `"${c}":{"tvl":[${tvl(k + 1)}],"tokens":[${breakdown}],"tokensInUsd":[${breakdown}]}`).join(',');
  const current = chains.map((c, k) => `"${c}":${(k + 1) * 1e8 + (days - 1) * 1000}`).join(',');
  const text = `{"id":"5967","name":"Ondo Global Markets","currentChainTvls":{${current}},"chainTvls":{${chainTvls}},"tokens":[${breakdown}],"tokensInUsd":[${breakdown}],"tvl":[${tvl(6)}]}`;
  return { text, end: start + (days - 1) * 86400 };
}

describe('a protocol answer as large as the real one', () => {
  let server: Server;
  let url: string;
  let size = 0;
  let lastDay = '';
  beforeAll(async () => {
    const { text, end } = bigProtocolAnswer(400);
    const body = Buffer.from(text);
    size = body.byteLength;
    lastDay = new Date((end - 86400) * 1000).toISOString().slice(0, 10);
    server = createServer((req, res) => {
      // Streamed in 64 KB pieces without a length, as a gzip-encoded answer arrives once decoded.
      res.writeHead(200, { 'content-type': 'application/json' });
      let i = 0;
      const push = () => {
        while (i < body.length) {
          const ok = res.write(body.subarray(i, (i += 65536)));
          if (!ok) return void res.once('drain', push);
        }
        res.end();
      };
      push();
    });
    const port = await freePort();
    await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
    url = `http://127.0.0.1:${port}/protocol/ondo-global-markets`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it('is over the 20 MB cap whole, and is read within it per chain', async () => {
    expect(size).toBeGreaterThan(CAP);
    const o = { timeoutMs: 60_000, backoffMs: 1 };
    await expect(requestJson(url, o)).rejects.toThrow(/larger than the 20971520-byte limit/);
    const a = await requestJson(url, { ...o, dropKeys: PROTOCOL_DROPPED_KEYS });
    const day = protocolOnDay(a.json, lastDay);
    expect(day.failed).toEqual([]);
    expect(Object.fromEntries(day.byChain)).toEqual({ Ethereum: 1e8 + 399_000, Solana: 2e8 + 399_000, BSC: 3e8 + 399_000 });
  });
});

describe('holders by source', () => {
  const registry = parseRegistry({
    chains: {
      ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' },
      arbitrum: { chainId: 42161, name: 'Arbitrum', rpcEnv: 'RPC_URL_ARBITRUM' },
      stellar: { family: 'stellar', name: 'Stellar', rpcEnv: 'STELLAR_HORIZON_URL' },
    },
    assets: [
      {
        symbol: 'BENJI',
        name: 'Benji',
        issuer: 'Franklin Templeton',
        assetClass: 'U.S. Treasuries',
        price: { kind: 'fixed', usd: '1.00' },
        deployments: [
          { chain: 'ethereum', address: '0x' + '1'.repeat(40) },
          { chain: 'arbitrum', address: '0x' + '2'.repeat(40) },
          { chain: 'stellar', address: 'BENJI:GBHNGLLIE3KWGKCHIKMHJ5HVZHYIK7WTBE4QF5PLAKL4CJGSEU7HZIW5' },
        ],
      },
      {
        symbol: 'STOCKS',
        name: 'Stocks',
        issuer: 'Ondo',
        assetClass: 'Stocks',
        source: 'defillama-protocol',
        defillamaProtocol: { slug: 'ondo-global-markets' },
        price: { kind: 'unavailable' },
      },
    ],
  });
  const date = '2026-11-24';
  const row = (o: Partial<Obs>): Obs => ({
    runId: 1,
    date,
    assetSymbol: 'BENJI',
    chain: 'ethereum',
    source: 'evm',
    supply: '1',
    price: 1,
    value: 100,
    holders: null,
    accepted: true,
    ...o,
  });
  const rows = [
    // 3 holders on Ethereum, 2 on Arbitrum, 4 unique across the two (one address on both).
    row({ holders: 3, assetHolders: 4 }),
    row({ chain: 'arbitrum', holders: 2, assetHolders: 4 }),
    row({ chain: 'stellar', source: 'stellar', holders: 10, assetHolders: null }),
    // DefiLlama's protocol figure on Ethereum: dollars, no holders.
    row({ assetSymbol: 'STOCKS', source: 'defillama-protocol', supply: '', price: null, value: 5000, holders: null }),
  ];

  it("a DefiLlama row beside chain-read holders keeps the network's holder count", () => {
    const g = gridOf(rows, registry);
    expect(g.rwa.get(date)!.get('ethereum')).toMatchObject({ value: 5100, holders: 3 });
    expect(g.rwa.get(date)!.get('stellar')).toMatchObject({ holders: 10 });
    // A network whose only source gives no holders has none (unknown), not zero.
    const only = gridOf([rows[3]], registry);
    expect(only.rwa.get(date)!.get('ethereum')!.holders).toBeNull();
  });

  it('Stellar holders count in the total of an asset that also has EVM deployments', () => {
    const g = gridOf(rows, registry);
    expect(g.assetHolders.get(date)!.get('BENJI')).toBe(14);
    expect(buildOverview(g, registry, date).overview.totalRWAHolders).toBe(14);
  });
});
