/**
 * The read side's one door to what a run published (db/schema/published.ts): the served run's
 * facts, one figure per day, product and chain, and the totals of those figures. Every read here
 * is a `Read` (db/reads.ts), so a page sends it in its one batch. Nothing here chooses among
 * sources or carries a stale figure: the publish step did, once, and these rows are its decisions.
 *
 * Without a published run (the snapshot) the run read answers undefined and the row reads answer
 * no rows.
 */
import { and, asc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ingestObservations, publishedCells, publishedTotals, type TotalKind } from '#db/schema/index.ts';
import { getDb } from '#lib/server/db/client.ts';
import { combine, read, type Read } from '#lib/server/db/reads.ts';
import { asOfSql, servedRunRead, type ServedRun } from './run-state.ts';

export type PublishedCell = typeof publishedCells.$inferSelect;
export type PublishedTotal = typeof publishedTotals.$inferSelect;
export type { PublishedStaleCell } from '#db/schema/index.ts';

export interface CellFilter {
  /** One product (its registry symbol) or several. */
  asset?: string | string[];
  chain?: string;
  /** Only the served as-of day (today's figures), not the history. */
  onAsOfDay?: boolean;
  /** History from this day on (YYYY-MM-DD), inclusive. */
  from?: string;
  /** Each cell's newest published day only (a cell publish no longer shows keeps its last figure, with its date). */
  latest?: boolean;
}

/** Published figures per day, product and chain, oldest first. */
export function publishedCellsRead(f: CellFilter = {}): Read<PublishedCell[]> {
  return read(publishedCellsQuery(f), (rows) => rows);
}

/**
 * The served run with its figures of the as-of day, and the totals of one kind over the `days`
 * before it (the series a change is computed from), in one read, made into `T` (undefined while
 * the snapshot is served).
 */
export const publishedDayRead = <T>(
  then: (day: { run: ServedRun; cells: PublishedCell[]; totals: PublishedTotal[] } | undefined) => T,
  f: CellFilter = {},
  totals?: { kind: TotalKind; days: number },
) =>
  combine(
    [
      servedRunRead(),
      read(publishedCellsQuery({ ...f, onAsOfDay: true }), (rows) => rows),
      read(publishedTotalsQuery(totals?.kind ?? 'market', totals ? totals.days : -1), (rows) => rows),
    ],
    ([run, cells, totalRows]) => then(run ? { run, cells, totals: totalRows } : undefined),
  );

/**
 * The published totals of one kind (one key, or every key) from `days` days before the served as-of
 * day to it (every day before it for Infinity), oldest first: what the pages show as a product's,
 * network's, issuer's, class's or the market's total, never summed again from cells at read time.
 */
export function publishedTotalsRead(kind: TotalKind, days: number, key?: string | string[]): Read<PublishedTotal[]> {
  return read(publishedTotalsQuery(kind, days, key), (rows) => rows);
}

/** The query of publishedTotalsRead; a negative `days` reads none. */
function publishedTotalsQuery(kind: TotalKind, days: number, key?: string | string[]) {
  const t = publishedTotals;
  const where: SQL[] = [eq(t.kind, kind), sql`${t.date} <= ${asOfSql}`];
  if (days < 0) where.push(sql`0`);
  else if (Number.isFinite(days)) where.push(sql`${t.date} >= date(${asOfSql}, ${`-${Math.trunc(days)} days`})`);
  if (typeof key === 'string') where.push(eq(t.key, key));
  else if (key) where.push(key.length ? inArray(t.key, key) : sql`0`);
  return getDb()
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.date), asc(t.key));
}

/** The published totals of one kind as a series per key: the one series a change over days is computed from. */
export function totalSeries(rows: PublishedTotal[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) (out.get(r.key) ?? out.set(r.key, new Map()).get(r.key)!).set(r.date, r.value);
  return out;
}

/** The query of publishedCellsRead, for a read that combines it with others in one batch. */
export function publishedCellsQuery(f: CellFilter) {
  const c = publishedCells;
  const where: SQL[] = [];
  if (typeof f.asset === 'string') where.push(eq(c.asset, f.asset));
  else if (f.asset) where.push(inArray(c.asset, f.asset));
  if (f.chain !== undefined) where.push(eq(c.chain, f.chain));
  if (f.onAsOfDay) where.push(eq(c.date, asOfSql));
  if (f.from) where.push(gte(c.date, f.from));
  if (f.latest) {
    // A newer published day of the same cell (the table under another name, so it can meet itself).
    where.push(
      sql`not exists (select 1 from ${c} as newer where newer.asset = ${c.asset} and newer.chain = ${c.chain} and newer.date > ${c.date})`,
    );
  }
  return getDb()
    .select()
    .from(c)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(c.date), asc(c.asset), asc(c.chain));
}

/** One figure of a day for one product on one chain: the one publish chose, or one it did not. */
export interface DayFigure {
  runId: number;
  date: string;
  assetSymbol: string;
  chain: string;
  source: string;
  value: number | null;
  price: number | null;
  apiUrl: string | null;
  /** The figure publish chose for the cell (the others stand beside it for reconciliation and coverage). */
  chosen: boolean;
}

/** Every figure known for the day's cells, the chosen one of each cell first. */
export function dayFigures(cells: PublishedCell[]): DayFigure[] {
  return cells.flatMap((c) => [
    {
      runId: c.receiptRunId,
      date: c.date,
      assetSymbol: c.asset,
      chain: c.chain,
      source: c.source,
      value: c.value,
      price: c.price,
      apiUrl: c.apiUrl,
      chosen: true,
    },
    ...c.others.map((x) => ({
      runId: x.runId,
      date: c.date,
      assetSymbol: c.asset,
      chain: c.chain,
      source: x.source,
      value: x.value,
      price: x.price,
      apiUrl: x.apiUrl,
      chosen: false,
    })),
  ]);
}

/**
 * The observations the published figures were read as (their receipts' keys): the stored rows behind
 * `cells`, for a receipt. One query; no figure is chosen here, each cell names its own row.
 */
export function observationsOfQuery(cells: PublishedCell[]) {
  const o = ingestObservations;
  const keys = cells.map((c) =>
    and(eq(o.runId, c.receiptRunId), eq(o.date, c.readDate), eq(o.assetSymbol, c.asset), eq(o.chain, c.chain), eq(o.source, c.source)),
  );
  return getDb()
    .select()
    .from(o)
    .where(keys.length ? or(...keys) : sql`0`);
}

/**
 * What the home chart's stack leaves out of its stablecoin layer on the served day: the holdings of
 * tracked products by stablecoins' reserves (the market total's netting beyond what the RWA and
 * stablecoin totals net on their own). Null before a run (no published totals).
 */
export function stackedTwiceRead(): Read<number | null> {
  return read(publishedTotalsQuery('market', 0), (rows) => {
    if (rows.length === 0) return null;
    const netted = (key: string) => rows.find((r) => r.key === key)?.netted ?? 0;
    // To the cent: a difference of sums in floating point leaves dust (1e-9) that must not read as "$0.00 left out".
    return Math.max(0, Math.round((netted('all') - netted('rwa') - netted('stablecoins')) * 100) / 100);
  });
}
