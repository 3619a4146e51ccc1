/**
 * Everything /networks/{id} shows, in one drizzle batch: the network's row of /api/networks, its
 * six series (the networks page's metrics for this chain alone), its share over time and the
 * assets on it. A figure without a source is null with why.
 */
import type { z } from 'zod';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { networks, networkSeries } from '#db/schema/index.ts';
import { getDb } from '#lib/server/db/client.ts';
import { combine, readMany, readOne, type Read } from '#lib/server/db/reads.ts';
import { servedFactsRead } from '#lib/server/figures/run-state.ts';
import { publishedCellsRead, type PublishedCell } from '#lib/server/figures/read-model.ts';
import { assetRef, catalogRead, type Catalog, type CatalogAsset } from './catalog.ts';
import { snapshot } from '#lib/server/figures/asset-class-data.ts';
import { valueOnNetwork } from '#lib/server/figures/snapshot-dataset.ts';
import { NETWORK_METRICS, type NetworkMetric } from '#lib/shared/analytics-types.ts';
import type { networkPageSchema } from '#lib/shared/schemas/responses.ts';
import type { NamedFields } from '#lib/shared/schemas/named-fields.ts';
import type { WithNumbers } from '#lib/shared/money.ts';
import { clip, rangeStart, type Range } from '#lib/shared/open-data/range.ts';
import { emptyLine } from '#lib/shared/open-data/empty-section.ts';
import { detailOrigin, figureOrigin, pointOrigin } from '#lib/shared/origin.ts';

type NetworkPageAnswer = NamedFields<z.output<typeof networkPageSchema>>;
/**
 * An asset on the network, in dollars: its value on this chain (live, or the snapshot's for a
 * product on this chain alone) and its market cap, else null; the issuer the catalog names (null
 * when it knows none).
 */
export type NetworkAsset = WithNumbers<NetworkPageAnswer['assets'][number], 'valueOnChain' | 'marketCap'> & { issuer: string | null };
/** A day of the network's history: its share, and one column per metric it has that day. */
export type NetworkHistoryPoint = NetworkPageAnswer['history'][number] & Partial<Record<NetworkMetric, number | null>>;

/**
 * The network page: its answer, with its assets' money in dollars, its history's metric columns
 * named, and the last value of each metric on or before the as-of date (null when the chain has none).
 */
export type NetworkPage = Omit<NetworkPageAnswer, 'assets' | 'history' | 'latest'> & {
  history: NetworkHistoryPoint[];
  latest: Record<NetworkMetric, { value: number | null; date: string | null }>;
  assets: NetworkAsset[];
};

/** An asset of the chain's list, with its value on the chain (null: not known per chain). */
const assetRow = (a: CatalogAsset, valueOnChain: number | null): NetworkAsset => ({
  ...assetRef(a),
  valueOnChain,
  marketCap: a.marketCap,
  issuer: a.issuer?.name ?? null,
});

/** Everything /networks/{id} shows as one `Read` (one batch, with whatever the caller sends beside it); undefined for an unknown id. */
export function networkPageRead(id: string): Read<NetworkPage | undefined> {
  const db = getDb();
  const nameOf = db.select({ name: networks.name }).from(networks).where(eq(networks.id, id));
  return combine(
    [
      servedFactsRead(),
      readMany(
        [
          db.select().from(networks).orderBy(desc(networks.totalValue)),
          db
            .select({ metric: networkSeries.metric, date: networkSeries.date, value: networkSeries.value })
            .from(networkSeries)
            .where(sql`${networkSeries.network} = (${nameOf})`)
            .orderBy(asc(networkSeries.date)),
          db
            .select({ date: networkSeries.date, total: sql<number>`sum(${networkSeries.value})` })
            .from(networkSeries)
            .where(eq(networkSeries.metric, 'tokenized-asset-value'))
            .groupBy(networkSeries.date),
        ],
        (rows) => rows,
      ),
      catalogRead(),
      // The chain's published figures of the as-of day: none while the snapshot is served (no published run).
      publishedCellsRead({ chain: id, onAsOfDay: true }),
    ],
    ([facts, [netRows, seriesRows, totals], catalog, cells]) => buildNetworkPage(id, facts, netRows, seriesRows, totals, catalog, cells),
  );
}

/** The network page's data, or undefined for an unknown id (one round trip). */
export const loadNetworkPage = (id: string): Promise<NetworkPage | undefined> => readOne(networkPageRead(id));

type NetworkRow = typeof networks.$inferSelect;

/** The page from its reads: a pure step (no database). */
export function buildNetworkPage(
  id: string,
  { asOf, publishedRun }: { asOf: string; publishedRun?: number },
  netRows: NetworkRow[],
  seriesRows: { metric: string; date: string; value: number }[],
  totals: { date: string; total: number }[],
  catalog: Catalog,
  cells: PublishedCell[],
): NetworkPage | undefined {
  const row = netRows.find((n) => n.id === id);
  if (!row) return undefined;
  const live = publishedRun !== undefined;

  const totalByDate = new Map(totals.map((t) => [t.date, Number(t.total)]));
  const byDate = new Map<string, NetworkHistoryPoint>();
  for (const r of seriesRows) {
    if (r.date > asOf) continue;
    const p = byDate.get(r.date) ?? byDate.set(r.date, { date: r.date, share: null, origin: pointOrigin(live, r.date, asOf) }).get(r.date)!;
    p[r.metric as NetworkMetric] = r.value;
  }
  const history = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  for (const p of history) {
    const total = totalByDate.get(p.date);
    const v = p['tokenized-asset-value'];
    p.share = v != null && total ? Number(((v / total) * 100).toFixed(2)) : null;
  }
  const latest = Object.fromEntries(
    NETWORK_METRICS.map((m) => {
      const last = [...history].reverse().find((p) => p[m] != null);
      return [m, { value: last ? (last[m] as number) : null, date: last?.date ?? null }];
    }),
  ) as NetworkPage['latest'];

  // The assets on the chain: what the published run observed on it, else the chains the snapshot and registry list.
  let list: NetworkAsset[];
  let assetsSource: string;
  if (live) {
    list = cells
      .filter((o) => o.value === null || o.value > 0)
      .flatMap((o) => {
        const a = catalog.assets.find((x) => (x.registry?.symbol ?? x.symbol) === o.asset);
        return a ? [assetRow(a, o.value)] : [];
      });
    assetsSource = `the published figures on ${id} as of ${asOf}`;
  } else {
    list = catalog.assets
      .filter((a) => a.chains.includes(row.name))
      .map((a) => {
        const p = snapshot.bySymbol.get(a.symbol);
        return assetRow(a, p ? valueOnNetwork(p, row.name) : null);
      });
    assetsSource =
      "the chains of each product in the snapshot (a product on this chain alone has its whole value here; the snapshot splits no product across chains), else the registry's deployments; the asset count above is the snapshot estimate";
  }
  list.sort((a, b) => (b.valueOnChain ?? b.marketCap ?? -1) - (a.valueOnChain ?? a.marketCap ?? -1));
  const holders = latest['rwa-holders'];
  return {
    asOf,
    live,
    network: {
      id: row.id,
      name: row.name,
      iconUrl: row.iconUrl,
      rwaCount: row.rwaCount,
      totalValue: String(Number(row.totalValue.toFixed(2))),
      marketShare: row.marketShare,
      change30d: row.change30d === null ? null : String(Number(row.change30d.toFixed(2))),
      origin: figureOrigin(live),
      change30dOrigin: detailOrigin(live),
      url: `/networks/${encodeURIComponent(row.id)}`,
      holders: holders.value,
      ...(holders.value === null ? { holdersUnknown: 'no holder series for this chain (a source without holder counts)' } : {}),
    },
    history,
    historyNote: emptyLine(
      history.length,
      live ? 'no published run has a figure of this network yet' : 'the snapshot holds no series for this network',
    ),
    latest,
    assets: list,
    assetsSource,
  };
}

export function networkHistoryRows(page: NetworkPage, range: Range, from?: string, to?: string) {
  return clip(page.history, from ?? rangeStart(range, page.asOf), to ?? page.asOf).map((p) => ({
    date: p.date,
    share: p.share,
    origin: p.origin,
    ...Object.fromEntries(NETWORK_METRICS.map((m) => [m, p[m] ?? null])),
  })) as Array<NetworkHistoryPoint & Record<NetworkMetric, number | null>>;
}
export const NETWORK_HISTORY_COLUMNS = ['date', 'share', 'origin', ...NETWORK_METRICS] as const;

export function networkAssetRows(page: NetworkPage) {
  return page.assets.map(({ id, symbol, name, assetClass, valueOnChain, marketCap, url }) => ({
    id,
    symbol,
    name,
    assetClass,
    valueOnChain,
    marketCap,
    url,
  }));
}
export const NETWORK_ASSET_COLUMNS = ['id', 'symbol', 'name', 'assetClass', 'valueOnChain', 'marketCap', 'url'] as const;
