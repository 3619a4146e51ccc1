/** The assets table (market cap, 7-day change, price flag, stale note per asset) from the grid. Pure. */
import { priceMoveFlag } from '../prices.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import type { GridOf } from './grid.ts';
import { round } from './numbers.ts';
import { type StaleCell } from '#lib/shared/stale-cell.ts';
import { changeOver, seriesOf } from '#lib/shared/change.ts';

export function buildAssets(g: GridOf, registry: Registry, asOf: string, dayBefore: string | undefined, stale: StaleCell[]) {
  const byAsset = new Map(registry.assets.map((a) => [a.symbol, a]));
  return [...(g.assetValue.get(asOf)?.entries() ?? [])].map(([symbol, value]) => {
    const a = byAsset.get(symbol)!;
    const mine = stale.filter((s) => s.asset === symbol);
    return {
      symbol,
      name: a.name,
      assetClass: a.assetClass,
      marketCap: round(value),
      change7d: changeOver(
        seriesOf(g.assetValue.keys(), (d) => g.assetValue.get(d)?.get(symbol)),
        asOf,
        7,
      ).value,
      priceFlag: dayBefore ? priceMoveFlag(g.priceOf.get(`${dayBefore}|${symbol}`), g.priceOf.get(`${asOf}|${symbol}`)) : null,
      stale: mine.length
        ? {
            since: mine.map((s) => s.since).sort()[0],
            ageHours: Math.max(...mine.map((s) => s.ageHours)),
            chains: mine.map((s) => s.chain),
            reason: mine[0].reason,
          }
        : null,
    };
  });
}
