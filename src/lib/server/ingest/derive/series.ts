/** The six network series per day, from the grid, the transfers and the history. Pure. */
import type { networkSeries } from '#db/schema/index.ts';
import { protocolFill, sourceOf, type History } from '../history.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import { countedOnce } from '#lib/server/figures/counted-once.ts';
import type { GridOf } from './grid.ts';
import { round } from './numbers.ts';
import type { buildTransfers } from './transfers.ts';

/**
 * The six network series per day: the runs' reads (`dates`), and on the history's days (h.dates)
 * the values the history gives (history.ts). Activity (addresses, volume) and holders come from
 * the runs' logs only: a day no run read has none, never a zero.
 */
export function buildSeries(
  g: GridOf,
  dates: string[],
  t: ReturnType<typeof buildTransfers>,
  chainName: (k: string) => string,
  registry: Registry,
  h: History,
  readLabel: string,
) {
  const read = new Set(dates);
  const all = [...new Set([...dates, ...h.dates])].sort();
  const monthEnd = new Map(all.map((d, i) => [d, all[i + 1]?.slice(0, 7) !== d.slice(0, 7)]));
  const stable = new Set(registry.assets.filter((a) => a.assetClass === 'Stablecoins').map((a) => a.symbol));
  const seriesRows: Array<typeof networkSeries.$inferInsert> = [];
  const push = (metric: string, date: string, chain: string, value: number, source: string) =>
    seriesRows.push({ metric, date, network: chainName(chain), value: round(value, 2), monthEnd: monthEnd.get(date)!, source });
  const cellRead = (date: string, symbol: string, chain: string) => g.cellValue.has(`${date}|${symbol}|${chain}`);
  for (const date of all) {
    const rwa = new Map<string, { value: number; urls: string[]; read: boolean }>();
    for (const [chain, c] of g.rwa.get(date) ?? []) rwa.set(chain, { value: c.value, urls: [], read: true });
    for (const f of protocolFill(h, date, cellRead)) {
      if (stable.has(f.symbol)) continue;
      const c = rwa.get(f.chain) ?? rwa.set(f.chain, { value: 0, urls: [], read: false }).get(f.chain)!;
      c.value += countedOnce(registry)(f.symbol, f.value);
      c.urls.push(f.url);
    }
    for (const [chain, c] of rwa)
      if (c.value > 0 || c.read)
        push('tokenized-asset-value', date, chain, c.value, sourceOf([...(c.read ? [readLabel] : []), ...c.urls])!);
    for (const [chain, c] of g.rwa.get(date) ?? []) if (c.holders !== null) push('rwa-holders', date, chain, c.holders, readLabel);
    const chains = new Set([
      ...(g.stable.get(date)?.keys() ?? []),
      ...[...h.stablecoinsByChain].filter(([, s]) => s.has(date)).map(([k]) => k),
    ]);
    for (const chain of chains) {
      const market = h.stablecoinsByChain.get(chain)?.get(date);
      const c = g.stable.get(date)?.get(chain);
      if (market) push('stablecoin-market-caps', date, chain, market.value, market.url);
      else if (c) push('stablecoin-market-caps', date, chain, c.value, readLabel);
      if (c && c.holders !== null) push('stablecoin-holders', date, chain, c.holders, readLabel);
    }
    if (!read.has(date)) continue;
    for (const chain of t.indexedChains) {
      push('active-addresses', date, chain, t.active.get(`${date}|${chain}`)?.size ?? 0, readLabel);
      push('transfer-volume', date, chain, t.volume.get(`${date}|${chain}`) ?? 0, readLabel);
    }
  }
  return seriesRows;
}
