/**
 * Read side of the analytics snapshot (spec section 3 shapes). Used by the /api endpoints and the
 * server-rendered Home and Networks pages. Money leaves as numeric strings where the spec says so.
 */
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { assets, chartPoints, networks, networkSeries, transfers } from '#db/schema/index.ts';
import { getDb } from '#lib/server/db/client.ts';
import { combine, read, readMany, readOne } from '#lib/server/db/reads.ts';
import { asOfSql, servedFactsRead, servedOverviewRead, type ServedFacts } from './run-state.ts';
import type {
  Asset,
  ChartDataPoint,
  MarketOverview,
  Network,
  NetworkMetric,
  TimeSeriesPoint,
  Transfer,
  TransferQuery,
} from '#lib/shared/analytics-types.ts';
import { AMOUNT_RANGES, MAX_TRANSFER_LIMIT, TRANSFER_LIMIT } from '#lib/shared/transfers.ts';
import { plainNumber } from '#lib/shared/csv.ts';
import { CHART_COLUMNS, type ChartColumn } from '#lib/shared/asset-classes.ts';
import { shiftDay } from '#lib/shared/utc-day.ts';
import { detailOrigin, figureOrigin, pointOrigin } from '#lib/shared/origin.ts';
import { productNames } from './sources-data.ts';

/**
 * Numbers to strings without exponent notation or float noise (2.2e9 -> '2200000000'). The default
 * keeps 12 decimals: chart values are in billions, and 4 decimals read $350,000 as 0.0003.
 */
const numeric = (n: number, decimals = 12) => plainNumber(Number(n.toFixed(decimals)));

/** Whether a run has been published: every served figure is then live. */
const liveOf = (facts: ServedFacts) => facts.publishedRun !== undefined;
/** A query and the served facts, in one read. */
const withFacts = <Q extends Parameters<typeof read>[0], T>(query: Q, build: (rows: Q['_']['result'], facts: ServedFacts) => T) =>
  combine([read(query, (rows) => rows), servedFactsRead()], ([rows, facts]) => build(rows as Q['_']['result'], facts));

/** The stored words of what each total counts; null when the row predates them (nothing is made up in their place). */
function basisOf(v: unknown): MarketOverview['basis'] {
  const b = v as Partial<Record<'totalRWAValue' | 'totalStablecoinValue', unknown>> | null | undefined;
  return typeof b?.totalRWAValue === 'string' && typeof b.totalStablecoinValue === 'string'
    ? { totalRWAValue: b.totalRWAValue, totalStablecoinValue: b.totalStablecoinValue }
    : null;
}

export const marketOverviewRead = () =>
  combine([servedOverviewRead()], ([served]): MarketOverview => {
    const o = (served.overview ?? {}) as Partial<Record<keyof MarketOverview, unknown>>;
    // A figure the row does not hold is unknown: null, never a made-up 0.
    const money = (v: unknown) => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);
    const count = (v: unknown) => (v === undefined || v === null || !Number.isFinite(Number(v)) ? null : Number(v));
    const holders = count(o.totalAssetHolders) ?? count(o.totalRWAHolders);
    return {
      totalRWAValue: money(o.totalRWAValue),
      totalAssetHolders: holders,
      totalRWAHolders: count(o.totalRWAHolders) ?? holders,
      totalAssetIssuers: count(o.totalAssetIssuers),
      totalStablecoinValue: money(o.totalStablecoinValue),
      asOf: served.asOf,
      ...(o.changes30d ? { changes30d: o.changes30d as NonNullable<MarketOverview['changes30d']> } : {}),
      basis: basisOf(o.basis),
      origin: figureOrigin(liveOf(served)),
    };
  });
export const getMarketOverview = (): Promise<MarketOverview> => readOne(marketOverviewRead());

/** The stacked chart, oldest first; values are numeric strings in billions. */
export const chartDataRead = () =>
  withFacts(getDb().select().from(chartPoints).orderBy(asc(chartPoints.date)), (rows, facts): ChartDataPoint[] =>
    rows.map((r) => ({
      date: r.date,
      ...(Object.fromEntries(CHART_COLUMNS.map((c) => [c, numeric(r[c])])) as Record<ChartColumn, string>),
      origin: pointOrigin(liveOf(facts), r.date, facts.asOf),
      source: r.source ?? null,
    })),
  );
export const listChartData = (): Promise<ChartDataPoint[]> => readOne(chartDataRead());

/**
 * The served asset rows, largest market cap first: the one select of the assets table, which
 * /api/assets maps for its answer and the open-data catalog starts from.
 */
export const servedAssetsQuery = () =>
  getDb()
    .select({
      symbol: assets.symbol,
      name: assets.name,
      assetClass: assets.assetClass,
      marketCap: assets.marketCap,
      change7d: assets.change7d,
      priceFlag: assets.priceFlag,
      stale: assets.stale,
    })
    .from(assets)
    .orderBy(desc(assets.marketCap));

/** Every asset, largest market cap first. */
export const assetsRead = () =>
  withFacts(
    servedAssetsQuery(),
    // priceFlag and stale are added beside the spec's fields, and only when set: the spec's shape is unchanged otherwise.
    (rows, facts): Asset[] => {
      const name = productNames();
      return rows.map(({ priceFlag, stale, ...r }) => ({
        ...r,
        name: name(r.symbol, r.name),
        marketCap: numeric(r.marketCap, 2),
        change7d: r.change7d === null ? null : numeric(r.change7d, 2),
        ...(priceFlag ? { priceFlag } : {}),
        ...(stale ? { stale } : {}),
        origin: figureOrigin(liveOf(facts)),
        change7dOrigin: detailOrigin(liveOf(facts)),
      }));
    },
  );

/** Every network, largest total value first. */
export const networksRead = () =>
  withFacts(
    getDb()
      .select({
        id: networks.id,
        name: networks.name,
        iconUrl: networks.iconUrl,
        rwaCount: networks.rwaCount,
        totalValue: networks.totalValue,
        marketShare: networks.marketShare,
        change30d: networks.change30d,
      })
      .from(networks)
      .orderBy(desc(networks.totalValue)),
    (rows, facts): Network[] =>
      rows.map((r) => ({
        ...r,
        totalValue: numeric(r.totalValue, 2),
        change30d: r.change30d === null ? null : numeric(r.change30d, 2),
        origin: figureOrigin(liveOf(facts)),
        change30dOrigin: detailOrigin(liveOf(facts)),
      })),
  );
export const listNetworks = (): Promise<Network[]> => readOne(networksRead());

/**
 * One point per month (the last date of each month, flagged on load, so a daily series comes back
 * monthly, which is what the chart draws), each with a map of network name to value. Oldest first.
 */
export const networkTimeSeriesRead = (metric: NetworkMetric) =>
  withFacts(
    getDb()
      .select({ date: networkSeries.date, network: networkSeries.network, value: networkSeries.value, source: networkSeries.source })
      .from(networkSeries)
      .where(and(eq(networkSeries.metric, metric), eq(networkSeries.monthEnd, true), lte(networkSeries.date, asOfSql)))
      .orderBy(asc(networkSeries.date)),
    (rows, facts): TimeSeriesPoint[] => {
      const points: TimeSeriesPoint[] = [];
      const live = liveOf(facts);
      const asOf = facts.asOf;
      for (const r of rows) {
        let last = points[points.length - 1];
        if (!last || last.date !== r.date)
          points.push((last = { date: r.date, networks: {}, origin: pointOrigin(live, r.date, asOf), sources: [] }));
        last.networks[r.network] = r.value;
        if (r.source && !last.sources.includes(r.source)) last.sources.push(r.source);
      }
      return points;
    },
  );

/** [from, to) of a window of `days` calendar days ending with the as-of date (UTC). */
export function transferWindow(asOf: string, days: number): { from: string; to: string } {
  return { from: shiftDay(asOf, 1 - days), to: shiftDay(asOf, 1) };
}

/**
 * The largest transfers within the window and amount range (minUsd <= amount < maxUsd), at most
 * `limit`. Without any bound, the largest `limit` of EACH amount range, merged largest first: a
 * client that filters by range (spec section 7) then finds rows for every range, not only for the
 * range the ten largest transfers fall in. Bounded by 4 x MAX_TRANSFER_LIMIT rows. The window is
 * computed in SQL from the as-of date (transferWindow's rule), so every query shares one round trip.
 */
export function transfersRead(q: TransferQuery) {
  const days = Math.trunc(q.days);
  const limit = Math.min(Math.max(1, Math.trunc(q.limit ?? TRANSFER_LIMIT)), MAX_TRANSFER_LIMIT);
  const window = {
    from: sql<string>`date(${asOfSql}, '+1 day', ${`-${days} days`})`,
    to: sql<string>`date(${asOfSql}, '+1 day')`,
  };
  const ranges = q.minUsd !== undefined || q.maxUsd !== undefined ? [{ minUsd: q.minUsd, maxUsd: q.maxUsd }] : AMOUNT_RANGES;
  const queries = ranges.map((r) => largestTransfers(window, r.minUsd, r.maxUsd, limit));
  return readMany(queries, (perRange): Transfer[] =>
    perRange
      .flat()
      // A transfer read from a chain carries its transaction; the snapshot's generated rows have none (illustrative).
      .map(({ txHash, ...t }) => (txHash ? { ...t, txHash, origin: detailOrigin(true) } : { ...t, origin: detailOrigin(false) }))
      .sort((a, b) => b.usdAmount - a.usdAmount),
  );
}
export const listTransfers = (q: TransferQuery): Promise<Transfer[]> => readOne(transfersRead(q));

type Bound = ReturnType<typeof sql<string>>;

function largestTransfers(window: { from: Bound; to: Bound }, minUsd: number | undefined, maxUsd: number | undefined, limit: number) {
  const where = [gte(transfers.date, window.from), lt(transfers.date, window.to)];
  if (minUsd !== undefined) where.push(gte(transfers.usdAmount, minUsd));
  if (maxUsd !== undefined) where.push(lt(transfers.usdAmount, maxUsd));
  return getDb()
    .select({
      id: transfers.id,
      assetSymbol: transfers.assetSymbol,
      usdAmount: transfers.usdAmount,
      date: transfers.date,
      network: transfers.network,
      txHash: transfers.txHash,
    })
    .from(transfers)
    .where(and(...where))
    .orderBy(desc(transfers.usdAmount))
    .limit(limit);
}
