/**
 * Counted once: a fund whose documents say a share of it is another tracked fund (OUSG:
 * 99.5% BUIDL, no wallet published) counts in every total only beyond that holding, while each
 * asset's own market cap stays whole. One rule (figures/counted-once.ts), checked here through the
 * totals built from it: the overview, networks, classes and chart of a run, and a class page.
 */
import { describe, expect, it } from 'vitest';
import type { Obs } from '#lib/server/ingest/cells.ts';
import { buildAssets } from '#lib/server/ingest/derive/assets.ts';
import { buildChart } from '#lib/server/ingest/derive/chart.ts';
import { gridOf } from '#lib/server/ingest/derive/grid.ts';
import { buildNetworks } from '#lib/server/ingest/derive/networks.ts';
import { buildOverview } from '#lib/server/ingest/derive/overview.ts';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import { countedOnce, heldShares } from '#lib/server/figures/counted-once.ts';
import { treasuriesFrom } from '#lib/server/figures/asset-class-live.ts';
import { siteRegistry } from '#lib/server/figures/sources-data.ts';

const registry = parseRegistry({
  chains: {
    ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' },
    polygon: { chainId: 137, name: 'Polygon', rpcEnv: 'RPC_URL_POLYGON' },
  },
  assets: [
    {
      symbol: 'HELD',
      name: 'Held fund',
      issuer: 'Big Co',
      assetClass: 'U.S. Treasuries',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: '0x' + '1'.repeat(40), startBlock: 1 }],
      heldByFunds: [{ fund: 'FOF', share: '0.9', source: 'FOF documents' }],
    },
    {
      symbol: 'FOF',
      name: 'Fund of funds',
      issuer: 'Small Co',
      assetClass: 'U.S. Treasuries',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [
        { chain: 'ethereum', address: '0x' + '2'.repeat(40), startBlock: 1 },
        { chain: 'polygon', address: '0x' + '3'.repeat(40), startBlock: 1 },
      ],
    },
    {
      symbol: 'AU',
      name: 'Gold',
      issuer: 'Vault Co',
      assetClass: 'Commodities',
      price: { kind: 'fixed', usd: '2000' },
      deployments: [{ chain: 'ethereum', address: '0x' + '4'.repeat(40), startBlock: 1 }],
    },
  ],
});

const DAY = '2026-11-10';
const o = (assetSymbol: string, chain: string, value: number): Obs => ({
  runId: 1,
  date: DAY,
  assetSymbol,
  chain,
  source: 'evm',
  supply: '0',
  price: 1,
  value,
  holders: null,
  accepted: true,
});
// HELD 1,000; FOF 600 on Ethereum and 400 on Polygon, 90% of it HELD; gold 500.
const g = gridOf([o('HELD', 'ethereum', 1000), o('FOF', 'ethereum', 600), o('FOF', 'polygon', 400), o('AU', 'ethereum', 500)], registry);

describe('counted once', () => {
  it('the rule: a holding fund counts at its value beyond the share another tracked fund already counts', () => {
    expect(heldShares(registry)).toEqual(new Map([['FOF', 0.9]]));
    const counted = countedOnce(registry);
    expect(counted('FOF', 1000)).toBeCloseTo(100, 9);
    expect(counted('HELD', 1000)).toBe(1000);
    expect(counted('AU', 500)).toBe(500);
    // Without a registry nothing is left out.
    expect(countedOnce(undefined)('FOF', 1000)).toBe(1000);
  });

  it('the market overview counts the held share once: 1,000 + 100 + 500, not 2,500', () => {
    expect(buildOverview(g, registry, DAY).totals.rwa).toBeCloseTo(1600, 6);
  });

  it('each network counts the holding fund beyond its holding, on each of its chains alike', () => {
    const nets = buildNetworks(g, DAY, 1600, (k) => k);
    expect(Object.fromEntries(nets.map((n) => [n.id, n.totalValue]))).toEqual({ ethereum: 1560, polygon: 40 });
    expect(nets.find((n) => n.id === 'polygon')!.rwaCount).toBe(1);
  });

  it('class totals and the chart count it once; each asset keeps its whole market cap', () => {
    expect(g.classByDate.get(DAY)!['U.S. Treasuries']).toBeCloseTo(1100, 6);
    expect(buildChart(g, [DAY], registry)[0].usTreasuryDebt).toBeCloseTo(1100 / 1e9, 15);
    const caps = Object.fromEntries(buildAssets(g, registry, DAY, undefined, []).map((a) => [a.symbol, a.marketCap]));
    expect(caps).toEqual({ HELD: 1000, FOF: 1000, AU: 500 });
  });

  it('a class page totals the counted values, per issuer too, and lists each product whole', () => {
    const asset = (symbol: string, issuer: string, marketCap: number, counted: number) => ({
      symbol,
      name: symbol,
      issuer,
      marketCap,
      counted,
      price: 1,
      networks: ['Ethereum'],
      perChain: [{ network: 'Ethereum', value: marketCap }],
      holders: null,
      change24h: null,
    });
    const page = treasuriesFrom({ asOf: DAY, assets: [asset('HELD', 'Big Co', 1000, 1000), asset('FOF', 'Small Co', 1000, 100)] });
    expect(page.cards[0].amount).toBe('1100');
    expect(page.topEntities.map((e) => [e.protocol, e.marketCap])).toEqual([
      ['Big Co', 1000],
      ['Small Co', 100],
    ]);
    expect(page.products.map((p) => p.marketCap)).toEqual([1000, 1000]);
  });

  it("the site's registry: OUSG counts at 0.5% of its value in every total (99.5% of it is BUIDL)", () => {
    const counted = countedOnce(siteRegistry().registry);
    expect(counted('OUSG', 700e6)).toBeCloseTo(3.5e6, 0);
    expect(counted('BUIDL', 2e9)).toBe(2e9);
  });
});
