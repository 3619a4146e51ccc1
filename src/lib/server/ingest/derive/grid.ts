/**
 * The picked observations (cells.ts) arranged for the builders: per date and chain the RWA and
 * stablecoin cells, per date the class sums, asset values, holders and prices. Pure.
 */
import type { Obs } from '../cells.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import { countedOnce } from '#lib/server/figures/counted-once.ts';
import type { Holding } from '#lib/shared/schemas/holdings.ts';

/** `holders` sums the rows that count holders; null when none does (a source without holders never erases the others'). */
export type Cell = { value: number; holders: number | null; assets: Set<string>; issuers: Set<string> };
type Grid = Map<string, Map<string, Cell>>; // date -> chain -> cell

/** Per date and chain, RWA and stablecoin cells; per date, class sums, asset values and prices. */
export function gridOf(obs: Iterable<Obs>, registry: Registry, holdings: readonly Holding[] = []) {
  const byAsset = new Map(registry.assets.map((a) => [a.symbol, a]));
  const rwa: Grid = new Map();
  const stable: Grid = new Map();
  const classByDate = new Map<string, Record<string, number>>();
  const assetValue = new Map<string, Map<string, number>>();
  // date -> symbol -> unique holders across the EVM chains, plus the other families' (their address spaces do not overlap)
  const assetHolders = new Map<string, Map<string, number>>();
  const assetChainHolders = new Map<string, Map<string, number>>(); // date -> symbol -> per-chain counts summed (no unique figure)
  const otherHolders = new Map<string, Map<string, number>>(); // date -> symbol -> holders of rows without a cross-chain figure
  const priceOf = new Map<string, number>();
  const cellValue = new Map<string, number>(); // `${date}|${symbol}|${chain}` -> value
  // Totals (chains, classes) count a fund-of-funds' holdings once (measured where read); an asset's own value stays whole.
  const counted = countedOnce(registry, holdings);
  for (const o of obs) {
    const a = byAsset.get(o.assetSymbol);
    if (!a) continue;
    if (o.price !== null) priceOf.set(`${o.date}|${o.assetSymbol}`, o.price);
    if (o.assetHolders !== null && o.assetHolders !== undefined)
      (assetHolders.get(o.date) ?? assetHolders.set(o.date, new Map()).get(o.date)!).set(o.assetSymbol, o.assetHolders);
    if (o.holders !== null) {
      const m = assetChainHolders.get(o.date) ?? assetChainHolders.set(o.date, new Map()).get(o.date)!;
      m.set(o.assetSymbol, (m.get(o.assetSymbol) ?? 0) + o.holders);
      if (o.assetHolders === null || o.assetHolders === undefined) {
        const x = otherHolders.get(o.date) ?? otherHolders.set(o.date, new Map()).get(o.date)!;
        x.set(o.assetSymbol, (x.get(o.assetSymbol) ?? 0) + o.holders);
      }
    }
    if (o.value === null) continue;
    cellValue.set(`${o.date}|${o.assetSymbol}|${o.chain}`, o.value);
    const target = a.assetClass === 'Stablecoins' ? stable : rwa;
    const perChain = target.get(o.date) ?? target.set(o.date, new Map()).get(o.date)!;
    const cell =
      perChain.get(o.chain) ?? perChain.set(o.chain, { value: 0, holders: null, assets: new Set(), issuers: new Set() }).get(o.chain)!;
    cell.value += counted(o.assetSymbol, o.value, o.date);
    if (o.holders !== null) cell.holders = (cell.holders ?? 0) + o.holders;
    if (o.value > 0) {
      cell.assets.add(o.assetSymbol);
      cell.issuers.add(a.issuer);
    }
    const cls = classByDate.get(o.date) ?? classByDate.set(o.date, {}).get(o.date)!;
    cls[a.assetClass] = (cls[a.assetClass] ?? 0) + counted(o.assetSymbol, o.value, o.date);
    const av = assetValue.get(o.date) ?? assetValue.set(o.date, new Map()).get(o.date)!;
    av.set(o.assetSymbol, (av.get(o.assetSymbol) ?? 0) + o.value);
  }
  // An asset on EVM chains and on Stellar (or another family): the EVM union plus the others' holders.
  for (const [date, m] of otherHolders)
    for (const [symbol, n] of m) {
      const union = assetHolders.get(date)?.get(symbol);
      if (union !== undefined) assetHolders.get(date)!.set(symbol, union + n);
    }
  return { rwa, stable, classByDate, assetValue, assetHolders, assetChainHolders, priceOf, cellValue };
}
export type GridOf = ReturnType<typeof gridOf>;

/** The sum of one field over a date's cells (a missing figure counts as none). */
export const sumOf = (m: Map<string, Cell> | undefined, f: (c: Cell) => number | null) =>
  [...(m?.values() ?? [])].reduce((s, c) => s + (f(c) ?? 0), 0);
