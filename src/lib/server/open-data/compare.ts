/**
 * Products side by side (/compare, /api/compare): each one read by the asset page's own reads (all in one batch), so a
 * figure here is the figure on its page (same value, as-of date, origin and reason when unknown), and
 * their histories from the same rows the page's History download gives.
 */
import { assetPageFrom, type AssetPage } from './asset-page.ts';
import { assetPageReads, type AssetPageReads } from './asset-page-reads.ts';
import { assetHistoryRows } from './asset-downloads.ts';
import { catalogRead } from './catalog.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { compareProblem, type CompareScale } from '#lib/shared/compare.ts';
import { indexed } from '#lib/shared/charts/series-chart.ts';
import { moneyString } from '#lib/shared/money.ts';
import type { Range } from '#lib/shared/open-data/range.ts';
import type { Origin } from '#lib/shared/origin.ts';

/** One product's row of the table: a figure is null with why when it is not known. */
export interface CompareRow {
  id: string;
  symbol: string;
  name: string;
  assetClass: string;
  url: string;
  asOf: string;
  origin: Origin;
  marketCap: number | null;
  price: number | null;
  priceMethod: string;
  /** The currency the NAV is struck in when it is not dollars (EUTBL: EUR); null for a dollar price. */
  priceCurrency: string | null;
  yield7d: number | null;
  yield30d: number | null;
  holders: number | null;
  /** The newest concentration across the product's EVM chains. */
  top10Share: number | null;
  hhi: number | null;
  gini: number | null;
  concentrationDate: string | null;
  /** Supply and value per chain, as the asset page's table gives them. */
  chains: { chain: string; chainName: string; supply: string | null; value: number | null }[];
  /** Why each unknown figure is unknown, by field. */
  unknown: Record<string, string>;
}

export interface CompareSeriesPoint {
  date: string;
  /** One column per product id: its market cap that day, null when not known. */
  values: Record<string, number | null>;
}

export interface Comparison {
  ids: string[];
  rows: CompareRow[];
  /** Market cap per day, every product's on one date row, oldest first. */
  history: CompareSeriesPoint[];
}

export type CompareAnswer = { ok: true; comparison: Comparison } | { ok: false; message: string; issues: Record<string, string[]> };

function rowOf(page: AssetPage): CompareRow {
  const unknown: Record<string, string> = {};
  const take = (field: string, f: { value: number | null; unknown?: string }) => {
    if (f.value === null) unknown[field] = f.unknown ?? 'not known';
    return f.value;
  };
  const all = page.concentration.latest.find((p) => p.chain === 'all');
  if (!all) for (const f of ['top10Share', 'hhi', 'gini']) unknown[f] = page.concentration.unknown ?? 'no concentration across its chains';
  return {
    id: page.asset.id,
    symbol: page.asset.symbol,
    name: page.asset.name,
    assetClass: page.asset.assetClass,
    url: page.asset.url,
    asOf: page.asOf,
    origin: page.marketCap.origin,
    marketCap: take('marketCap', page.marketCap),
    price: take('price', page.price),
    priceMethod: page.price.method,
    priceCurrency: page.priceCurrency,
    yield7d: take('yield7d', page.yield7d),
    yield30d: take('yield30d', page.yield30d),
    holders: take('holders', page.holders),
    top10Share: all?.top10Share ?? null,
    hhi: all?.hhi ?? null,
    gini: all?.gini ?? null,
    concentrationDate: all?.date ?? null,
    chains: page.chains.map((c) => ({ chain: c.chain, chainName: c.chainName, supply: c.supply, value: c.value })),
    unknown,
  };
}

/** The comparison of the ids (already normalised), or the 400 it is. */
export async function loadComparison(ids: string[], range: Range): Promise<CompareAnswer> {
  // Too many ids are refused before anything is read; the others are read with the catalog in one batch.
  const tooMany = compareProblem(ids, () => true);
  if (tooMany) return { ok: false, ...tooMany };
  const [catalog, ...reads] = await readAll([catalogRead(), ...ids.map((id) => assetPageReads(id))]);
  const problem = compareProblem(ids, (id) => catalog.byId.has(id));
  if (problem) return { ok: false, ...problem };
  const pages = await Promise.all(ids.map((id, i) => assetPageFrom(id, reads[i] as AssetPageReads)));
  const found = pages.filter((p): p is AssetPage => p !== undefined);
  // The catalogue said each id exists; a page that went missing meanwhile is named like an unknown one.
  if (found.length < ids.length) return { ok: false, ...compareProblem(ids, (id) => found.some((p) => p.asset.id === id))! };
  const byDate = new Map<string, CompareSeriesPoint>();
  for (const page of found)
    for (const h of assetHistoryRows(page, range)) {
      const point =
        byDate.get(h.date) ?? byDate.set(h.date, { date: h.date, values: Object.fromEntries(ids.map((id) => [id, null])) }).get(h.date)!;
      point.values[page.asset.id] = h.marketCap;
    }
  const history = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  return { ok: true, comparison: { ids, rows: found.map(rowOf), history } };
}

/** The table as its download gives it: one flat row per product (money as decimal strings, as the API has it). */
export function compareTableRows(c: Comparison) {
  return c.rows.map((r) => ({
    id: r.id,
    symbol: r.symbol,
    name: r.name,
    assetClass: r.assetClass,
    asOf: r.asOf,
    origin: r.origin,
    marketCap: r.marketCap === null ? null : moneyString(r.marketCap),
    price: r.price === null ? null : moneyString(r.price),
    priceCurrency: r.priceCurrency,
    priceMethod: r.priceMethod,
    yield7d: r.yield7d,
    yield30d: r.yield30d,
    holders: r.holders,
    top10Share: r.top10Share,
    hhi: r.hhi,
    gini: r.gini,
    concentrationDate: r.concentrationDate,
    supplyPerChain: r.chains.map((ch) => `${ch.chainName}: ${ch.supply ?? 'unknown'}`).join('; ') || null,
    unknown:
      Object.entries(r.unknown)
        .map(([field, why]) => `${field}: ${why}`)
        .join('; ') || null,
    url: r.url,
  }));
}
export const COMPARE_TABLE_COLUMNS = [
  'id',
  'symbol',
  'name',
  'assetClass',
  'asOf',
  'origin',
  'marketCap',
  'price',
  'priceCurrency',
  'priceMethod',
  'yield7d',
  'yield30d',
  'holders',
  'top10Share',
  'hhi',
  'gini',
  'concentrationDate',
  'supplyPerChain',
  'unknown',
  'url',
] as const;

/** The histories as their download gives them: a date, then each product's market cap (or its index of 100) that day. */
export function compareHistoryRows(c: Comparison, scale: CompareScale): ({ date: string } & Record<string, string | number | null>)[] {
  if (scale === 'absolute')
    return c.history.map((p) => ({
      date: p.date,
      ...Object.fromEntries(c.ids.map((id) => [id, p.values[id] === null ? null : moneyString(p.values[id])])),
    }));
  const series = indexed(
    c.ids.map((id) => ({
      key: id,
      points: c.history.flatMap((p) => (p.values[id] === null ? [] : [{ date: p.date, value: p.values[id] }])),
    })),
  );
  const at = new Map(series.series.map((s) => [s.key, new Map(s.points.map((p) => [p.date, p.value]))]));
  return c.history
    .filter((p) => series.base !== null && p.date >= series.base)
    .map((p) => ({ date: p.date, ...Object.fromEntries(c.ids.map((id) => [id, at.get(id)?.get(p.date) ?? null])) }));
}
