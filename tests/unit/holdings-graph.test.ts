/**
 * Who holds whom, the pure steps: the day's graph from the picked figures and the reserve balances
 * their receipts kept (derive/holdings.ts), and the one netting rule (figures/counted-once.ts) as
 * the published totals apply it. A fund's measured holding replaces its stated share on the days it
 * was read, the share stands in (an estimate) on the others; a stablecoin's holding is netted only
 * where the stablecoins and the RWA classes are added together, once.
 */
import { describe, expect, it } from 'vitest';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import type { Obs } from '#lib/server/ingest/cells.ts';
import { buildHoldings, reserveKey } from '#lib/server/ingest/derive/holdings.ts';
import { buildTotals, type CellRow } from '#lib/server/ingest/derive/read-model.ts';
import { buildChart } from '#lib/server/ingest/derive/chart.ts';
import { gridOf } from '#lib/server/ingest/derive/grid.ts';
import { combinedNetting, countedOnce, fundSharesByDate } from '#lib/server/figures/counted-once.ts';

const W_FUND = '0x' + 'f1'.repeat(20);
const W_STABLE = '0x' + 'f2'.repeat(20);
const registry = parseRegistry({
  chains: { ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' } },
  assets: [
    {
      symbol: 'HOLD',
      name: 'Holding fund',
      issuer: 'Fund Co',
      assetClass: 'U.S. Treasuries',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: '0x' + '1'.repeat(40), startBlock: 1 }],
    },
    {
      symbol: 'FLAT',
      name: 'Held fund',
      issuer: 'Other Co',
      assetClass: 'U.S. Treasuries',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: '0x' + '2'.repeat(40), startBlock: 1 }],
      heldByFunds: [
        { fund: 'HOLD', chain: 'ethereum', address: W_FUND, source: 'https://example.com/hold-reserves' },
        { fund: 'HOLD', share: '0.3', source: "HOLD's prospectus" },
      ],
      heldByStablecoins: [
        { stablecoin: 'STBL', holder: 'STBL reserve', chain: 'ethereum', address: W_STABLE, source: 'https://example.com/stbl' },
      ],
    },
    {
      symbol: 'AU',
      name: 'Gold',
      issuer: 'Vault Co',
      assetClass: 'Commodities',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: '0x' + '4'.repeat(40), startBlock: 1 }],
      heldByStablecoins: [{ stablecoin: 'STBL', share: '0.1', source: 'a public review of STBL reserves' }],
    },
    {
      symbol: 'STBL',
      name: 'Stable',
      issuer: 'Stable Co',
      assetClass: 'Stablecoins',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: '0x' + '3'.repeat(40), startBlock: 1 }],
    },
  ],
});

const D0 = '2026-11-09';
const D = '2026-11-10';
const o = (date: string, assetSymbol: string, value: number, source = 'evm'): Obs => ({
  runId: date === D ? 2 : 1,
  date,
  assetSymbol,
  chain: 'ethereum',
  source,
  supply: String(value),
  price: 1,
  value,
  holders: null,
  accepted: true,
  blockNumber: date === D ? 200 : 100,
});
const picked = [D0, D].flatMap((d) => [o(d, 'HOLD', 1_000_000), o(d, 'FLAT', 1_000_000), o(d, 'AU', 300_000), o(d, 'STBL', 500_000)]);
// Day D's read of FLAT kept both reserve balances (whole tokens); day D0's read predates the wallets.
const reserves = new Map([
  [
    reserveKey(2, D, 'FLAT', 'ethereum'),
    [
      { wallet: W_FUND, balance: '200000' },
      { wallet: W_STABLE, balance: '100000' },
    ],
  ],
]);
const holdings = buildHoldings(registry, picked, reserves);
const on = (date: string) => holdings.filter((h) => h.date === date);

describe('the graph of a day', () => {
  it('a wallet read at the close is measured: its balance at the block, at the figure’s price, with the run whose receipt keeps it', () => {
    expect(on(D).filter((h) => h.basis === 'measured')).toEqual([
      expect.objectContaining({ holder: 'HOLD', holderKind: 'fund', asset: 'FLAT', wallet: W_FUND, balance: '200000', value: 200_000 }),
      expect.objectContaining({
        holder: 'STBL',
        holderKind: 'stablecoin',
        walletName: 'STBL reserve',
        value: 100_000,
        holderValue: 500_000,
      }),
    ]);
    expect(on(D).find((h) => h.wallet === W_FUND)).toMatchObject({ blockNumber: 200, receiptRunId: 2, holderValue: 1_000_000 });
    // The stated share stands only where nothing was measured for the pair: AU's, never HOLD's FLAT that day.
    expect(on(D).filter((h) => h.basis === 'estimate')).toEqual([
      expect.objectContaining({ holder: 'STBL', asset: 'AU', share: 0.1, value: 50_000, wallet: null }),
    ]);
  });

  it('a named wallet the day did not read is unknown with why, never zero; the stated share stands in, an estimate', () => {
    const unknown = on(D0).filter((h) => h.basis === 'unknown');
    expect(unknown.map((h) => h.wallet)).toEqual([W_FUND, W_STABLE]);
    for (const h of unknown)
      expect(h).toMatchObject({ value: null, balance: null, note: expect.stringContaining('did not read this wallet') });
    expect(on(D0).find((h) => h.holder === 'HOLD' && h.basis === 'estimate')).toMatchObject({ share: 0.3, value: 300_000 });
    // A stated share stands for at most the held product's own value, and for nothing on a day the
    // product has no figure: no total counts it then, so none may net it.
    const small = buildHoldings(registry, [o(D, 'AU', 20_000), o(D, 'STBL', 500_000)], reserves);
    expect(small.find((h) => h.holder === 'STBL' && h.asset === 'AU')).toMatchObject({ basis: 'estimate', value: 20_000 });
    const noAu = buildHoldings(registry, [o(D, 'STBL', 500_000), o(D, 'FLAT', 1_000_000)], reserves);
    expect(noAu.find((h) => h.holder === 'STBL' && h.asset === 'AU')).toMatchObject({
      basis: 'estimate',
      value: null,
      note: expect.stringContaining('no published figure of AU that day'),
    });
    expect(combinedNetting(noAu, D)).toBe(100_000);
    // A figure from another source than the chain's close is not a read of the wallet either.
    const llama = buildHoldings(registry, [o(D, 'FLAT', 1_000_000, 'defillama-protocol')], reserves);
    expect(llama.find((h) => h.wallet === W_FUND)).toMatchObject({ basis: 'unknown', note: expect.stringContaining('defillama-protocol') });
  });
});

describe('netting, once', () => {
  it('a fund counts beyond its measured holding on the day it was read, beyond its stated share on the others', () => {
    expect(fundSharesByDate(registry, holdings).get(D)?.get('HOLD')).toBeCloseTo(0.2, 12);
    const counted = countedOnce(registry, holdings);
    expect(counted('HOLD', 1_000_000, D)).toBeCloseTo(800_000, 6);
    expect(counted('HOLD', 1_000_000, D0)).toBeCloseTo(700_000, 6);
    expect(counted('FLAT', 1_000_000, D)).toBe(1_000_000);
    // A stablecoin's total stays whole: it adds no RWA.
    expect(counted('STBL', 500_000, D)).toBe(500_000);
  });

  it('stablecoin reserves are netted where both are added, at most the stablecoin’s own value', () => {
    expect(combinedNetting(holdings, D)).toBe(150_000);
    const big = holdings.map((h) => (h.holder === 'STBL' && h.date === D ? { ...h, value: 400_000 } : h));
    expect(combinedNetting(big, D)).toBe(500_000);
  });

  it('the published totals: the RWA classes net the fund’s holding, the stablecoins nothing, both together each holding once', () => {
    const cells = picked.map(
      (x) =>
        ({
          date: x.date,
          asset: x.assetSymbol,
          chain: x.chain,
          source: x.source,
          supply: x.supply,
          price: x.price,
          value: x.value,
          holders: null,
          state: 'fresh',
          receiptRunId: x.runId,
          readDate: x.date,
        }) as CellRow,
    );
    const totals = buildTotals(cells, registry, holdings);
    const t = (kind: string, key: string, date = D) => totals.find((r) => r.kind === kind && r.key === key && r.date === date)!;
    expect(t('market', 'rwa')).toMatchObject({ rowsSum: 2_300_000, netted: 200_000, value: 2_100_000 });
    expect(t('market', 'stablecoins')).toMatchObject({ rowsSum: 500_000, netted: 0, value: 500_000 });
    expect(t('market', 'all')).toMatchObject({ rowsSum: 2_800_000, netted: 350_000, value: 2_450_000 });
    expect(t('class', 'U.S. Treasuries')).toMatchObject({ netted: 200_000 });
    // The day before: the stated share (an estimate) for the fund; the stablecoin’s AU share still nets in the combined total.
    expect(t('market', 'rwa', D0)).toMatchObject({ netted: 300_000 });
    expect(t('market', 'all', D0)).toMatchObject({ netted: 350_000 });
    // A product's own total stays whole.
    expect(t('product', 'HOLD')).toMatchObject({ value: 1_000_000, netted: 0 });
    // An issuer of both: its own stablecoin's holding of its own fund is netted from its total, once;
    // a holding across issuers (STBL's of FLAT here) is not, as each issuer's total is its own.
    expect(t('issuer', 'Other Co')).toMatchObject({ rowsSum: 1_000_000, netted: 0 });
    const oneIssuer = { ...registry, assets: registry.assets.map((a) => (a.symbol === 'STBL' ? { ...a, issuer: 'Other Co' } : a)) };
    const shared = buildTotals(cells, oneIssuer, holdings).find((r) => r.kind === 'issuer' && r.key === 'Other Co' && r.date === D)!;
    expect(shared).toMatchObject({ rowsSum: 1_500_000, netted: 100_000, value: 1_400_000 });
  });

  it('the stacked chart: the stablecoin layer leaves out what their reserves hold of the RWA layers, so the stack is the combined total', () => {
    const chart = buildChart(gridOf(picked, registry, holdings), [D0, D], registry, undefined, 'reads', holdings);
    const layers = (p: (typeof chart)[number]) =>
      Object.entries(p)
        .filter(([k, v]) => k !== 'date' && typeof v === 'number')
        .reduce((sum, [, v]) => sum + (v as number), 0);
    const day = chart.find((p) => p.date === D)!;
    expect(day.stablecoins * 1e9).toBeCloseTo(500_000 - combinedNetting(holdings, D), 3);
    // The stack's height is the market total that nets each holding once (the published 'all').
    expect(layers(day) * 1e9).toBeCloseTo(2_450_000, 3);
    expect(layers(chart.find((p) => p.date === D0)!) * 1e9).toBeCloseTo(2_800_000 - 350_000, 3);
    // Without the holdings (an older caller), nothing is left out.
    expect(buildChart(gridOf(picked, registry, holdings), [D], registry).at(0)!.stablecoins * 1e9).toBeCloseTo(500_000, 3);
  });
});
