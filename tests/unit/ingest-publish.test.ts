/**
 * The pure build steps of publish.ts, one per published table, on hand-made observations: no
 * chain, no database.
 */
import { describe, expect, it } from 'vitest';
import type { Obs } from '#lib/server/ingest/cells.ts';
import { buildAssets } from '#lib/server/ingest/derive/assets.ts';
import { buildChart } from '#lib/server/ingest/derive/chart.ts';
import { gridOf } from '#lib/server/ingest/derive/grid.ts';
import { buildNetworks } from '#lib/server/ingest/derive/networks.ts';
import { buildOverview } from '#lib/server/ingest/derive/overview.ts';
import { changeOver, seriesOf } from '#lib/shared/change.ts';
import { buildTransfers } from '#lib/server/ingest/derive/transfers.ts';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import { tokenUnits } from '#lib/server/ingest/derive/numbers.ts';
import { formatUnits } from 'viem';

const TREASURY = '0x' + 'a'.repeat(40);
const ESCROW = '0x' + 'e'.repeat(40);
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
        { chain: 'ethereum', address: '0x' + '1'.repeat(40), startBlock: 1, excludeHolders: [TREASURY] },
        { chain: 'arbitrum', address: '0x' + '2'.repeat(40), startBlock: 1 },
      ],
    },
    {
      symbol: 'AU',
      name: 'Gold',
      issuer: 'Vault Co',
      assetClass: 'Commodities',
      price: { kind: 'fixed', usd: '2000' },
      deployments: [{ chain: 'ethereum', address: '0x' + '3'.repeat(40), startBlock: 1 }],
      bridge: { model: 'lock-and-mint', escrows: [{ chain: 'ethereum', address: ESCROW }] },
    },
  ],
});
const o = (p: Partial<Obs>): Obs => ({
  runId: 1,
  date: '2026-11-10',
  assetSymbol: 'TB',
  chain: 'ethereum',
  source: 'evm',
  supply: '0',
  price: 1,
  value: 0,
  holders: 0,
  accepted: true,
  ...p,
});
const rows = [
  o({ date: '2026-11-09', assetSymbol: 'AU', price: 2000, value: 200_000, holders: 5, assetHolders: 5 }),
  o({ assetSymbol: 'TB', value: 300_000, holders: 3, assetHolders: 4 }),
  o({ assetSymbol: 'TB', chain: 'arbitrum', value: 50_000, holders: 2, assetHolders: 4 }),
  o({ assetSymbol: 'AU', price: 2300, value: 230_000, holders: 5, assetHolders: 5 }),
];
const g = gridOf(rows, registry);
const name = (k: string) => registry.chains[k]?.name ?? k;

describe('publish build steps', () => {
  it('overview: totals, and holders unique per asset (4 for TB across two chains, not 3 + 2)', () => {
    const { totals, overview } = buildOverview(g, registry, '2026-11-10');
    expect(totals).toEqual({ rwa: 580_000, stablecoins: 0 });
    expect(overview.totalAssetHolders).toBe(4 + 5);
    expect(overview.totalAssetIssuers).toBe(2);
  });

  it('networks: value and share per chain', () => {
    expect(buildNetworks(g, '2026-11-10', 580_000, name).map((n) => [n.id, n.totalValue, n.marketShare, n.rwaCount])).toEqual([
      ['ethereum', 530_000, 91.38, 2],
      ['arbitrum', 50_000, 8.62, 1],
    ]);
  });

  it('assets: a price move over 10% in a day is flagged; a stale cell is named with its age', () => {
    const stale = [{ asset: 'TB', chain: 'arbitrum', since: '2026-11-09', ageHours: 25, reason: 'Chain "arbitrum" is unreachable' }];
    const assets = buildAssets(g, registry, '2026-11-10', '2026-11-09', stale);
    expect(assets.find((a) => a.symbol === 'AU')!.priceFlag).toBe('price moved +15.0% in a day (2000 -> 2300)');
    expect(assets.find((a) => a.symbol === 'TB')).toMatchObject({
      priceFlag: null,
      stale: { since: '2026-11-09', ageHours: 25, chains: ['arbitrum'], reason: 'Chain "arbitrum" is unreachable' },
    });
  });

  it('changes: the networks, assets and overview take theirs from the one change function, over their own series', () => {
    // A day 30 days back and one 7 days back beside the grid's two days.
    const g2 = gridOf(
      [
        ...rows,
        o({ date: '2026-10-11', assetSymbol: 'TB', value: 265_000, holders: 2, assetHolders: 2 }),
        o({ date: '2026-11-03', assetSymbol: 'AU', price: 2000, value: 184_000, holders: 5, assetHolders: 5 }),
      ],
      registry,
    );
    const eth = buildNetworks(g2, '2026-11-10', 580_000, name).find((n) => n.id === 'ethereum')!;
    expect(eth.change30d).toBe(100);
    expect(eth.change30d).toBe(
      changeOver(
        seriesOf(g2.rwa.keys(), (d) => g2.rwa.get(d)?.get('ethereum')?.value),
        '2026-11-10',
        30,
      ).value,
    );
    expect(buildAssets(g2, registry, '2026-11-10', undefined, []).find((a) => a.symbol === 'AU')!.change7d).toBe(25);
    // TB has no figure 7 days back (its series has a gap there, and nothing within twice the span): unknown, not 0.
    expect(buildAssets(g2, registry, '2026-11-10', undefined, []).find((a) => a.symbol === 'TB')!.change7d).toBeNull();
    const { overview } = buildOverview(g2, registry, '2026-11-10');
    expect(overview.changes30d).toEqual({ totalRWAValue: 118.87, totalAssetHolders: 350, totalStablecoinValue: null });
    // A day earlier is no 30-day base: every change is unknown.
    expect(buildNetworks(g, '2026-11-10', 580_000, name).every((n) => n.change30d === null)).toBe(true);
    expect(buildAssets(g, registry, '2026-11-10', undefined, []).every((a) => a.change7d === null)).toBe(true);
  });

  it('chart: class totals in billions per date', () => {
    expect(buildChart(g, ['2026-11-09', '2026-11-10']).map((r) => [r.date, r.usTreasuryDebt, r.commodities])).toEqual([
      ['2026-11-09', 0, 0.0002],
      ['2026-11-10', 0.00035, 0.00023],
    ]);
  });

  it('transfers: mints, treasury releases and escrow moves are issuance; a transfer larger than the asset on its chain, or of a blocked cell, is left out', () => {
    const t = (p: Partial<Parameters<typeof buildTransfers>[2][number]>) => ({
      chain: 'ethereum',
      token: '0x' + '1'.repeat(40),
      assetSymbol: 'TB',
      txHash: '0x' + Math.random().toString(16).slice(2).padEnd(64, '0'),
      blockTime: '2026-11-10T10:00:00.000Z',
      from: '0x' + 'b'.repeat(40),
      to: '0x' + 'c'.repeat(40),
      amount: '1000000',
      ...p,
    });
    const decimals = new Map([
      ['ethereum|0x' + '1'.repeat(40), 6],
      ['ethereum|0x' + '3'.repeat(40), 6],
      ['arbitrum|0x' + '2'.repeat(40), 6],
    ]);
    const rows = [
      t({ amount: '40000000000' }), // 40,000 TB between holders: published
      t({ from: '0x' + '0'.repeat(40) }), // a mint
      t({ from: TREASURY }), // a release from the issuer's treasury
      t({ assetSymbol: 'AU', token: '0x' + '3'.repeat(40), to: ESCROW }), // locked into the bridge escrow
      t({ amount: (10n ** 60n).toString() }), // 1e54 TB: more than exists
      t({ chain: 'arbitrum', token: '0x' + '2'.repeat(40) }), // a cell that failed this run
    ];
    const out = buildTransfers(g, registry, rows, decimals, '2026-11-10', '2026-08-01', (a, c) => a === 'TB' && c === 'arbitrum', name);
    expect(out.transferRows.map((r) => [r.assetSymbol, r.usdAmount, r.network])).toEqual([['TB', 40_000, 'Ethereum']]);
    expect(out.volume.get('2026-11-10|ethereum')).toBe(40_000);
  });
});

describe('tokenUnits', () => {
  it("reads a raw amount as viem's formatUnits does, at every scale and sign", () => {
    const amounts = [0n, 1n, -1n, 10n, 1234500n, -1234500n, 10n ** 18n, 123456789012345678901234567890n, 2n ** 256n - 1n];
    for (const decimals of [0, 1, 2, 6, 8, 18, 24, 30])
      for (const raw of amounts) expect(tokenUnits(raw, decimals), `${raw} / 10^${decimals}`).toBe(formatUnits(raw, decimals));
    expect(tokenUnits(1234500n, 6)).toBe('1.2345');
  });
});
