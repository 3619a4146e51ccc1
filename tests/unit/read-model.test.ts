/**
 * The read model's pure builders (ingest/derive/read-model.ts): one row per day, product and chain
 * with its state, receipt key and the unchosen sources' figures; totals from those rows alone,
 * saying by how much counting once makes a total differ from its rows' sum.
 */
import { describe, expect, it } from 'vitest';
import type { Obs } from '#lib/server/ingest/cells.ts';
import { buildCellRows, buildTotals } from '#lib/server/ingest/derive/read-model.ts';
import { refusedCells } from '#lib/server/ingest/publish.ts';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import { type StaleCell } from '#lib/shared/stale-cell.ts';

const registry = parseRegistry({
  chains: {
    ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' },
    arbitrum: { chainId: 42161, name: 'Arbitrum', rpcEnv: 'RPC_URL_ARBITRUM' },
  },
  assets: [
    {
      symbol: 'TB',
      name: 'Bills',
      issuer: 'Fund Co',
      assetClass: 'U.S. Treasuries',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [
        { chain: 'ethereum', address: '0x' + '1'.repeat(40), startBlock: 1 },
        { chain: 'arbitrum', address: '0x' + '2'.repeat(40), startBlock: 1 },
      ],
    },
    {
      symbol: 'FOF',
      name: 'Fund of funds',
      issuer: 'Fund Co',
      assetClass: 'U.S. Treasuries',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: '0x' + '3'.repeat(40), startBlock: 1 }],
    },
    {
      symbol: 'USDX',
      name: 'X Dollar',
      issuer: 'Coin Co',
      assetClass: 'Stablecoins',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: '0x' + '4'.repeat(40), startBlock: 1 }],
      heldByFunds: [{ fund: 'FOF', share: '0.5', source: 'https://example.com/fof-holdings' }],
    },
  ],
});

const o = (p: Partial<Obs>): Obs => ({
  runId: 2,
  date: '2026-11-10',
  assetSymbol: 'TB',
  chain: 'ethereum',
  source: 'evm',
  supply: '100',
  price: 1,
  value: 100,
  holders: 3,
  accepted: true,
  ...p,
});

describe('read model cells', () => {
  const asOf = '2026-11-10';
  const chosen = o({ assetHolders: 4, blockNumber: 7, blockTime: '2026-11-10T23:59:59Z' });
  const aggregator = o({ source: 'defillama', supply: '101', value: 101, holders: null, runId: 1 });
  const carried = o({ chain: 'arbitrum', date: asOf, runId: 1, value: 40, supply: '40' });
  const stale: StaleCell[] = [{ asset: 'TB', chain: 'arbitrum', since: '2026-11-09', ageHours: 30, reason: 'arbitrum: RPC down' }];
  const rows = buildCellRows({
    picked: new Map([
      [`${asOf}|TB|ethereum`, chosen],
      [`${asOf}|TB|arbitrum`, carried],
      [`${asOf}|FOF|ethereum`, o({ assetSymbol: 'FOF', value: 10, supply: '10' })],
    ]),
    considered: [chosen, aggregator, { ...carried, date: '2026-11-09' }],
    asOf,
    stale,
    held: new Map(),
    indexing: { 'FOF|ethereum': 42.7 },
  });
  const row = (asset: string, chain: string) => rows.find((r) => r.asset === asset && r.chain === chain)!;

  it('keeps the chosen figure with its receipt key, and the unchosen source beside it', () => {
    expect(row('TB', 'ethereum')).toMatchObject({
      source: 'evm',
      supply: '100',
      value: 100,
      state: 'fresh',
      receiptRunId: 2,
      readDate: asOf,
      blockNumber: 7,
      assetHolders: 4,
    });
    expect(row('TB', 'ethereum').others).toEqual([
      { source: 'defillama', runId: 1, readDate: asOf, supply: '101', price: 1, value: 101, holders: null, apiUrl: null },
    ]);
  });

  it('a carried figure is stale since the day it was read, with why; a deployment still indexing says how far', () => {
    expect(row('TB', 'arbitrum')).toMatchObject({
      state: 'stale',
      note: 'arbitrum: RPC down',
      since: '2026-11-09',
      readDate: '2026-11-09',
    });
    expect(row('FOF', 'ethereum')).toMatchObject({ state: 'indexing', note: 'indexing, 42%' });
  });

  it("a held cell shows its previous figure as held, with the breaker's reason", () => {
    const [held] = buildCellRows({
      picked: new Map([[`${asOf}|TB|arbitrum`, carried]]),
      considered: [],
      asOf,
      stale,
      held: new Map([['TB|arbitrum', 'TB on arbitrum: a drop of 70.0%']]),
      indexing: {},
    });
    expect(held).toMatchObject({ state: 'held', note: 'TB on arbitrum: a drop of 70.0%', value: 40 });
  });
});

describe('read model totals', () => {
  const cells = buildCellRows({
    picked: new Map(
      [
        o({ value: 100, assetHolders: 4 }),
        o({ chain: 'arbitrum', value: 50, holders: 2, assetHolders: 4 }),
        o({ assetSymbol: 'FOF', value: 20, holders: 1 }),
        o({ assetSymbol: 'USDX', value: 1000, holders: 9 }),
      ].map((x) => [`${x.date}|${x.assetSymbol}|${x.chain}`, x]),
    ),
    considered: [],
    asOf: '2026-11-10',
    stale: [],
    held: new Map(),
    indexing: {},
  });
  const totals = buildTotals(cells, registry);
  const total = (kind: string, key: string) => totals.find((t) => t.kind === kind && t.key === key);

  it('a product adds its chains whole, with its unique holders', () => {
    expect(total('product', 'TB')).toMatchObject({ value: 150, rowsSum: 150, netted: 0, products: 1, holders: 4 });
  });

  it('a fund holding another counts once in every sum, and the total says by how much it differs from its rows', () => {
    // The registry says half of FOF's value is USDX, counted where it is: FOF adds 10 of its 20 to a sum.
    expect(total('class', 'U.S. Treasuries')).toMatchObject({ value: 160, rowsSum: 170, netted: 10, products: 2 });
    expect(total('issuer', 'Fund Co')).toMatchObject({ value: 160, rowsSum: 170, netted: 10 });
    expect(total('network', 'ethereum')).toMatchObject({ value: 110, rowsSum: 120, netted: 10, products: 2 });
    expect(total('market', 'rwa')).toMatchObject({ value: 160, netted: 10, products: 2 });
    expect(total('market', 'stablecoins')).toMatchObject({ value: 1000, netted: 0, products: 1 });
    expect(total('stablecoin-network', 'ethereum')).toMatchObject({ value: 1000 });
    expect(total('network', 'arbitrum')).toMatchObject({ value: 50, products: 1 });
  });
});

describe('a figure a run refused is refused everywhere', () => {
  const known = [
    { asset: 'TB', chain: 'ethereum' },
    { asset: 'TB', chain: 'arbitrum' },
    { asset: 'FOF', chain: 'ethereum' },
  ];
  it('a failure naming only a chain refuses every cell on it; one naming only an asset, every chain of it; a hold, its cell', () => {
    expect(refusedCells(known, [{ chain: 'ethereum', reason: 'ethereum: RPC down' }], new Map())).toEqual(['TB|ethereum', 'FOF|ethereum']);
    expect(refusedCells(known, [{ asset: 'TB', reason: 'TB: no price' }], new Map())).toEqual(['TB|ethereum', 'TB|arbitrum']);
    expect(refusedCells(known, [], new Map([['FOF|ethereum', 'held']]))).toEqual(['FOF|ethereum']);
    expect(refusedCells(known, [], new Map())).toEqual([]);
  });
});
