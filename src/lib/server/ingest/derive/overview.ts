/** The market overview (totals, holders, issuers, 30-day changes) from the grid. Pure. */
import type { History } from '../history.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import { shiftDay } from '#lib/shared/utc-day.ts';
import { sumOf, type GridOf } from './grid.ts';
import { pct, round } from './numbers.ts';

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

export function buildOverview(g: GridOf, registry: Registry, asOf: string, then30: string | undefined) {
  const rwaNow = g.rwa.get(asOf);
  const totals: Totals = { rwa: sumOf(rwaNow, (c) => c.value), stablecoins: sumOf(g.stable.get(asOf), (c) => c.value) };
  const holdersNow = rwaHolders(g, registry, asOf);
  const issuers = new Set([...(rwaNow?.values() ?? [])].flatMap((c) => [...c.issuers]));
  const overview = {
    totalRWAValue: String(round(totals.rwa)),
    totalAssetHolders: holdersNow,
    totalRWAHolders: holdersNow,
    totalAssetIssuers: issuers.size,
    totalStablecoinValue: String(round(totals.stablecoins)),
    changes30d: {
      totalRWAValue: pct(totals.rwa, then30 ? sumOf(g.rwa.get(then30), (c) => c.value) : undefined),
      totalAssetHolders: pct(holdersNow, then30 ? rwaHolders(g, registry, then30) : undefined),
      totalStablecoinValue: pct(totals.stablecoins, then30 ? sumOf(g.stable.get(then30), (c) => c.value) : undefined),
    },
  };
  return { totals, overview };
}

/** The stablecoin headline from the market's history when it has the day (history.ts), with its 30-day change. */
export function marketStablecoins(h: History, asOf: string): { now: number; change30d: number | null } | null {
  const now = h.stablecoins.get(asOf);
  if (!now) return null;
  const then = [...h.stablecoins.keys()]
    .filter((d) => d <= shiftDay(asOf, -30))
    .sort()
    .at(-1);
  return { now: now.value, change30d: then ? pct(now.value, h.stablecoins.get(then)!.value) : null };
}
