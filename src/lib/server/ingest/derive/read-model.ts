/**
 * The published read model's rows (db/schema/published.ts), from what the publish step decided:
 * the picked figure of each day, product and chain (cells.ts, after the stale carry and the
 * breaker's holds), the figures it did not pick, and the run's notes. Then the totals per day, from
 * those rows alone, so a total and the rows it adds up can never disagree. Pure.
 */
import type { OtherFigure, PublishedState, publishedCells, publishedTotals, TotalKind } from '#db/schema/index.ts';
import { combinedNettingByDate, countedOnce } from '#lib/server/figures/counted-once.ts';
import type { Holding } from '#lib/shared/schemas/holdings.ts';
import type { Obs } from '../cells.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import { round } from './numbers.ts';
import { type StaleCell } from '#lib/shared/stale-cell.ts';

export type CellRow = typeof publishedCells.$inferInsert;
export type TotalRow = typeof publishedTotals.$inferInsert;

/** A deployment still reading its history shows "indexing, N%" below this share. */
const INDEXED = 100;

export interface CellInputs {
  /** Per `date|asset|chain`, the figure publish picked (a carried figure already moved to the as-of day). */
  picked: Map<string, Obs>;
  /** Every row publish considered (accepted, or the run's own): the unchosen sources' figures come from these. */
  considered: Obs[];
  asOf: string;
  stale: StaleCell[];
  /** Cells the breaker holds (`SYMBOL|chain` -> why). */
  held: Map<string, string>;
  /** Per `SYMBOL|chain`, the share of its history read (a head-first run's log phase). */
  indexing: Record<string, number>;
}

/** The state and note of one as-of-day cell; earlier days are history, fresh as read. */
function stateOf(i: CellInputs, asset: string, chain: string, date: string): Pick<CellRow, 'state' | 'note' | 'since' | 'ageHours'> {
  const none = { state: 'fresh' as PublishedState, note: null, since: null, ageHours: null };
  if (date !== i.asOf) return none;
  const key = cellKey(asset, chain);
  const stale = i.stale.find((s) => s.asset === asset && s.chain === chain);
  if (i.held.has(key) && stale) return { state: 'held', note: i.held.get(key)!, since: stale.since, ageHours: stale.ageHours };
  if (stale) return { state: 'stale', note: stale.reason, since: stale.since, ageHours: stale.ageHours };
  const pct = i.indexing[key];
  if (pct !== undefined && pct < INDEXED) return { state: 'indexing', note: `indexing, ${Math.floor(pct)}%`, since: null, ageHours: null };
  return none;
}

/** Per `date|asset|chain|source`, the latest run's row: the candidates beside the chosen one. */
function bySource(rows: Obs[]): Map<string, Map<string, Obs>> {
  const out = new Map<string, Map<string, Obs>>();
  for (const o of rows) {
    const key = `${o.date}|${o.assetSymbol}|${o.chain}`;
    const m = out.get(key) ?? out.set(key, new Map()).get(key)!;
    const prev = m.get(o.source);
    if (!prev || o.runId > prev.runId) m.set(o.source, o);
  }
  return out;
}

/** One row per picked figure, with its state, its receipt's key and the figures not chosen. */
export function buildCellRows(i: CellInputs): CellRow[] {
  const candidates = bySource(i.considered);
  const rows: CellRow[] = [];
  for (const o of i.picked.values()) {
    const stale = o.date === i.asOf ? i.stale.find((s) => s.asset === o.assetSymbol && s.chain === o.chain) : undefined;
    // A figure carried from an earlier day was read that day; a stale price values today's read.
    const readDate = stale && stale.kind !== 'price' ? stale.since : o.date;
    const others: OtherFigure[] = [...(candidates.get(`${readDate}|${o.assetSymbol}|${o.chain}`)?.values() ?? [])]
      .filter((x) => x.source !== o.source)
      .map((x) => ({
        source: x.source,
        runId: x.runId,
        readDate,
        supply: x.supply,
        price: x.price,
        value: x.value,
        holders: x.holders,
        apiUrl: x.apiUrl ?? null,
      }));
    rows.push({
      date: o.date,
      asset: o.assetSymbol,
      chain: o.chain,
      source: o.source,
      supply: o.supply,
      price: o.price,
      value: o.value,
      holders: o.holders,
      assetHolders: o.assetHolders ?? null,
      ...stateOf(i, o.assetSymbol, o.chain, o.date),
      receiptRunId: o.runId,
      readDate,
      contract: o.contract ?? null,
      blockNumber: o.blockNumber ?? null,
      blockTime: o.blockTime ?? null,
      apiUrl: o.apiUrl ?? null,
      fetchedAt: o.fetchedAt ?? null,
      marketPrice: o.marketPrice ?? null,
      others,
      members: o.members ?? null,
    });
  }
  return rows.sort((a, b) => (a.date + a.asset + a.chain < b.date + b.asset + b.chain ? -1 : 1));
}

interface Acc {
  value: number;
  rowsSum: number;
  products: Set<string>;
  holders: number | null;
}

/**
 * Per day, the totals of the rows: per product (its chains, whole), and per network, issuer, class
 * and market (`rwa`, `stablecoins`, and `all`: both together), each dollar counted once
 * (figures/counted-once.ts: a fund's holdings of tracked funds, measured where read, else stated;
 * `all` also nets what stablecoin reserves hold of the RWA products), with the plain sum beside it
 * so the gap is said. An issuer's total adds its stablecoins and its funds alike, so it also nets what
 * its own stablecoins' reserves hold of its own funds. Networks count the RWA classes, as the networks
 * pages do; `stablecoin-network` holds the tracked stablecoins per chain.
 */
export function buildTotals(cells: CellRow[], registry: Registry, holdings: readonly Holding[] = []): TotalRow[] {
  const counted = countedOnce(registry, holdings);
  const byAsset = new Map(registry.assets.map((a) => [a.symbol, a]));
  const acc = new Map<string, Acc>();
  const add = (date: string, kind: TotalKind, key: string, asset: string, value: number, whole: number, holders: number | null) => {
    const k = `${date}\u0000${kind}\u0000${key}`;
    const a = acc.get(k) ?? acc.set(k, { value: 0, rowsSum: 0, products: new Set(), holders: null }).get(k)!;
    a.value += value;
    a.rowsSum += whole;
    if (whole > 0) a.products.add(asset);
    if (holders !== null) a.holders = (a.holders ?? 0) + holders;
  };
  // A product's unique holders across its chains, once per day (the same figure sits on each of its rows).
  const productHolders = new Map<string, number>();
  for (const c of cells) {
    const a = byAsset.get(c.asset);
    if (!a || c.value === null || c.value === undefined) continue;
    const once = counted(c.asset, c.value, c.date);
    const holders = c.holders ?? null;
    add(c.date, 'product', c.asset, c.asset, c.value, c.value, holders);
    if (c.assetHolders !== null && c.assetHolders !== undefined) productHolders.set(`${c.date}\u0000${c.asset}`, c.assetHolders);
    const stable = a.assetClass === 'Stablecoins';
    add(c.date, stable ? 'stablecoin-network' : 'network', c.chain, c.asset, once, c.value, holders);
    add(c.date, 'issuer', a.issuer, c.asset, once, c.value, holders);
    add(c.date, 'class', a.assetClass, c.asset, once, c.value, holders);
    add(c.date, 'market', stable ? 'stablecoins' : 'rwa', c.asset, once, c.value, holders);
    add(c.date, 'market', 'all', c.asset, once, c.value, holders);
  }
  // Stablecoin reserves holding RWA products: counted twice only where both are added, in the market
  // total of both, and in an issuer's total when the issuer's own stablecoin holds its own fund.
  // Each netting is computed once for every day (not once per total and day).
  const issuerOf = (symbol: string) => byAsset.get(symbol)?.issuer;
  const combined = combinedNettingByDate(holdings);
  const ownByIssuer = new Map<string, Holding[]>();
  for (const h of holdings) {
    const issuer = issuerOf(h.holder);
    if (issuer !== undefined && issuer === issuerOf(h.asset)) (ownByIssuer.get(issuer) ?? ownByIssuer.set(issuer, []).get(issuer)!).push(h);
  }
  const ownCombined = new Map([...ownByIssuer].map(([issuer, own]) => [issuer, combinedNettingByDate(own)]));
  for (const [k, a] of acc) {
    const [date, kind, key] = k.split('\u0000');
    if (kind === 'market' && key === 'all') a.value -= combined.get(date) ?? 0;
    if (kind === 'issuer') a.value -= ownCombined.get(key)?.get(date) ?? 0;
  }
  const out: TotalRow[] = [];
  for (const [k, a] of acc) {
    const [date, kind, key] = k.split('\u0000') as [string, TotalKind, string];
    const holders = kind === 'product' ? (productHolders.get(`${date}\u0000${key}`) ?? a.holders) : a.holders;
    const value = round(a.value);
    const rowsSum = round(a.rowsSum);
    out.push({ date, kind, key, value, rowsSum, netted: round(rowsSum - value), products: a.products.size, holders });
  }
  return out.sort((a, b) => (a.kind + a.key + a.date < b.kind + b.key + b.date ? -1 : 1));
}
