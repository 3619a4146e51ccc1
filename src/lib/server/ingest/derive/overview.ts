/** The market overview (totals, holders, issuers, 30-day changes) from the grid. Pure. */
import type { History } from '../history.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import { sumOf, type Cell, type GridOf } from './grid.ts';
import { round } from './numbers.ts';
import { changeOver, seriesOf } from '#lib/shared/change.ts';

export interface Totals {
  rwa: number;
  stablecoins: number;
}

/**
 * Holders of RWAs: per asset its unique addresses across chains (an address on two chains is one
 * holder), summed over assets; per-chain counts where an asset has no cross-chain figure.
 */
function rwaHolders(g: GridOf, registry: Registry, date: string): number {
  let total = 0;
  for (const a of registry.assets) {
    if (a.assetClass === 'Stablecoins' || !g.assetValue.get(date)?.has(a.symbol)) continue;
    total += g.assetHolders.get(date)?.get(a.symbol) ?? g.assetChainHolders.get(date)?.get(a.symbol) ?? 0;
  }
  return total;
}

export function buildOverview(g: GridOf, registry: Registry, asOf: string) {
  const rwaNow = g.rwa.get(asOf);
  const totals: Totals = { rwa: sumOf(rwaNow, (c) => c.value), stablecoins: sumOf(g.stable.get(asOf), (c) => c.value) };
  const holdersNow = rwaHolders(g, registry, asOf);
  const issuers = new Set([...(rwaNow?.values() ?? [])].flatMap((c) => [...c.issuers]));
  // Products with a value on the day, on any chain (a cell holds one chain's).
  const products = (cells: Map<string, Cell> | undefined) => new Set([...(cells?.values() ?? [])].flatMap((c) => [...c.assets])).size;
  const overview = {
    totalRWAValue: String(round(totals.rwa)),
    totalAssetHolders: holdersNow,
    totalRWAHolders: holdersNow,
    totalAssetIssuers: issuers.size,
    totalStablecoinValue: String(round(totals.stablecoins)),
    changes30d: {
      totalRWAValue: changeOver(
        seriesOf(g.rwa.keys(), (d) => sumOf(g.rwa.get(d), (c) => c.value)),
        asOf,
        30,
      ).value,
      totalAssetHolders: changeOver(
        seriesOf(g.rwa.keys(), (d) => rwaHolders(g, registry, d)),
        asOf,
        30,
      ).value,
      totalStablecoinValue: changeOver(
        seriesOf(g.stable.keys(), (d) => sumOf(g.stable.get(d), (c) => c.value)),
        asOf,
        30,
      ).value,
    },
    basis: { totalRWAValue: rwaBasis(products(rwaNow)), totalStablecoinValue: trackedStablecoinBasis(products(g.stable.get(asOf))) },
  };
  return { totals, overview };
}

/** What each headline counts, in words beside it: the tracked products are not the market. */
const rwaBasis = (n: number) => `the ${n} tracked ${n === 1 ? 'product' : 'products'}, each counted once; not the whole market`;
const trackedStablecoinBasis = (n: number) => `the ${n} tracked ${n === 1 ? 'stablecoin' : 'stablecoins'}; not the whole market`;
/** The stablecoin headline when it is DefiLlama's market total (marketStablecoins), not our list's sum. */
export const MARKET_STABLECOIN_BASIS = 'every stablecoin DefiLlama lists, on every chain (its market total)';

/** The stablecoin headline from the market's history when it has the day (history.ts), with its 30-day change. */
export function marketStablecoins(h: History, asOf: string): { now: number; change30d: number | null } | null {
  const now = h.stablecoins.get(asOf);
  if (!now) return null;
  return {
    now: now.value,
    change30d: changeOver(
      seriesOf(h.stablecoins.keys(), (d) => h.stablecoins.get(d)?.value),
      asOf,
      30,
    ).value,
  };
}
