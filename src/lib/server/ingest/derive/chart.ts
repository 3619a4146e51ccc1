/** The stacked chart per day, one column per asset class (asset-classes.ts), from the grid and the history. Pure. */
import type { chartPoints } from '#db/schema/index.ts';
import { CHART_COLUMNS, chartColumnOf, type ChartColumn } from '#lib/shared/asset-classes.ts';
import { protocolFill, sourceOf, type History } from '../history.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import { combinedNettingByDate, countedOnce } from '#lib/server/figures/counted-once.ts';
import type { Holding } from '#lib/shared/schemas/holdings.ts';
import type { GridOf } from './grid.ts';

const NO_HISTORY: History = { dates: [], stablecoins: new Map(), stablecoinsByChain: new Map(), protocol: new Map() };

/**
 * The stacked chart per day: the runs' reads, filled from the history (history.ts says the rules),
 * each point with its source: the run's reads of that day (`readLabel`), else the history's URLs.
 * Stacked on the RWA classes, the stablecoin layer leaves out what the stablecoins' reserves hold of
 * the tracked products below it on a day the holdings are known (`holdings`: measured, else stated;
 * counted-once.ts's combinedNettingByDate), so no dollar is stacked twice; the cards keep the market whole.
 */
export function buildChart(
  g: GridOf,
  dates: string[],
  registry?: Registry,
  h: History = NO_HISTORY,
  readLabel = 'observations',
  holdings: readonly Holding[] = [],
) {
  const classOf = new Map(registry?.assets.map((a) => [a.symbol, a.assetClass]) ?? []);
  const read = (date: string, symbol: string, chain: string) => g.cellValue.has(`${date}|${symbol}|${chain}`);
  const stackedTwiceOn = combinedNettingByDate(holdings);
  return dates.map((date) => {
    const row: typeof chartPoints.$inferInsert & Record<ChartColumn, number> = {
      date,
      ...(Object.fromEntries(CHART_COLUMNS.map((c) => [c, 0])) as Record<ChartColumn, number>),
    };
    const urls: string[] = [];
    for (const [cls, v] of Object.entries(g.classByDate.get(date) ?? {})) {
      const column = chartColumnOf(cls);
      if (column) row[column] = v / 1e9;
    }
    for (const f of protocolFill(h, date, read)) {
      const column = chartColumnOf(classOf.get(f.symbol) ?? '');
      // The stablecoin column is the market's own history (below), never a sum of protocol fills.
      if (!column || column === 'stablecoins') continue;
      row[column] += countedOnce(registry)(f.symbol, f.value) / 1e9;
      urls.push(f.url);
    }
    const market = h.stablecoins.get(date);
    if (market) {
      row.stablecoins = market.value / 1e9;
      urls.push(market.url);
    }
    const stackedTwice = (stackedTwiceOn.get(date) ?? 0) / 1e9;
    if (stackedTwice > 0) row.stablecoins = Math.max(0, row.stablecoins - stackedTwice);
    row.source = sourceOf([...(g.classByDate.has(date) ? [readLabel] : []), ...urls]);
    return row;
  });
}
