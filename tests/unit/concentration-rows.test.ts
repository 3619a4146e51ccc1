/**
 * The holder count and the concentration come from one reading of the balances: countedHoldings
 * gives the holdings both figures use, assetHolderCounts counts each asset's holders once across
 * chains, and concentrationRows turns a day's counted holdings into the stored rows (per
 * deployment, and across chains only when every deployment was counted).
 */
import { describe, expect, it } from 'vitest';
import { concentrationRows, type DeploymentHoldings } from '#lib/server/ingest/concentration.ts';
import { countedHoldings } from '#lib/server/ingest/holders.ts';
import type { RegistryAsset } from '#lib/server/catalogue/registry.ts';
import { concentrationOf } from '#lib/shared/holder-concentration.ts';
import { ZERO } from '#lib/server/ingest/sources/evm/logs.ts';
import { assetHolderCounts, type EvmRow } from '#lib/server/ingest/sources/evm/rows.ts';
import { ALL_CHAINS } from '#lib/server/catalogue/rules.ts';

const map = (o: Record<string, bigint>) => new Map(Object.entries(o));
const part = (asset: string, chain: string, decimals: number, holdings: Record<string, bigint> | null): DeploymentHoldings => ({
  asset,
  chain,
  block: 100,
  decimals,
  holdings: holdings && map(holdings),
});

describe('countedHoldings', () => {
  const asset = {
    symbol: 'FUND',
    holderDust: '0.01',
    deployments: [{ chain: 'eth', excludeHolders: ['issuer'] }],
    heldByFunds: [],
  } as unknown as RegistryAsset;

  it('keeps the balances above the dust, the issuer and the zero address left out', () => {
    const balances = map({ a: 5_000_000n, b: 20_000n, dust: 9_999n, issuer: 10n ** 9n, [ZERO]: 0n });
    const supply = 5_000_000n + 20_000n + 9_999n + 10n ** 9n;
    expect(countedHoldings(balances, asset, 'eth', { totalSupply: supply, decimals: 6 })).toEqual({
      holdings: map({ a: 5_000_000n, b: 20_000n }),
    });
  });

  it('says why when the balances do not add up to the supply: no holdings then', () => {
    const r = countedHoldings(map({ a: 60n, b: 40n }), asset, 'eth', { totalSupply: 150n, decimals: 6 });
    expect(r).toEqual({ problem: 'indexed balances add up to 100, totalSupply() is 150' });
  });
});

describe('concentrationRows', () => {
  it('one row per counted deployment, and one across chains with each chain scaled to the largest decimals', () => {
    const rows = concentrationRows(7, '2026-11-10', [
      part('FUND', 'eth', 6, { a: 3_000_000n, b: 1_000_000n }),
      part('FUND', 'base', 18, { a: 10n ** 18n }),
    ]);
    expect(rows).toEqual([
      { runId: 7, date: '2026-11-10', assetSymbol: 'FUND', chain: 'eth', blockNumber: 100, ...concentrationOf([3_000_000n, 1_000_000n]) },
      { runId: 7, date: '2026-11-10', assetSymbol: 'FUND', chain: 'base', blockNumber: 100, ...concentrationOf([10n ** 18n]) },
      // a holds 3 + 1 whole tokens across both chains, b 1: the 6-decimal units scaled by 10^12.
      {
        runId: 7,
        date: '2026-11-10',
        assetSymbol: 'FUND',
        chain: ALL_CHAINS,
        blockNumber: null,
        ...concentrationOf([4n * 10n ** 18n, 10n ** 18n]),
      },
    ]);
  });

  it('a deployment without a holder count: its chain has no row, and its asset none across chains', () => {
    const rows = concentrationRows(7, '2026-11-10', [
      part('FUND', 'eth', 6, { a: 1n }),
      part('FUND', 'base', 18, null),
      part('COIN', 'eth', 6, { c: 2n, d: 2n }),
    ]);
    expect(rows.map((r) => `${r.assetSymbol}|${r.chain}`)).toEqual(['FUND|eth', 'COIN|eth', `COIN|${ALL_CHAINS}`]);
  });

  it('no observation, no row', () => {
    expect(concentrationRows(7, '2026-11-10', [])).toEqual([]);
  });
});

describe('assetHolderCounts', () => {
  const row = (asset: string, chain: string, holdings: string[] | null) =>
    ({ row: { assetSymbol: asset, chain }, holdings: holdings && new Map(holdings.map((h) => [h, 1n])), decimals: 6 }) as EvmRow;
  const rows = [row('FUND', 'eth', ['a', 'b']), row('FUND', 'base', ['b', 'c']), row('COIN', 'eth', ['a']), row('COIN', 'base', null)];

  it('an address holding an asset on two chains is one holder', () => {
    expect(assetHolderCounts(rows).get('FUND')).toBe(3);
  });

  it('a chain not counted: unknown (the chains counted alone would be an undercount)', () => {
    expect(assetHolderCounts(rows).get('COIN')).toBeNull();
    // The order of the rows does not matter.
    expect(assetHolderCounts([...rows].reverse()).get('COIN')).toBeNull();
  });

  it('no chain counted: unknown', () => {
    expect(assetHolderCounts([row('X', 'eth', null)]).get('X')).toBeNull();
  });
});
