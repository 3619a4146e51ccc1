/**
 * /networks as a read and a build. `loadNetworksReads` is every read the page needs, sent as one
 * batch; `buildNetworksPage` is a pure step from what they answered, the query and the server
 * clock's day to what the template renders (or downloads): the summary cards, the table in the
 * query's sort and filters, the chart's series and what it says of them. The .astro file only renders.
 */
import { marketOverviewRead, networkTimeSeriesRead, networksRead } from '#lib/server/figures/analytics.ts';
import { runStateRead } from '#lib/server/figures/run-state.ts';
import { orElse, readAll } from '#lib/server/db/reads.ts';
import { catalogRead } from './catalog.ts';
import { freshness } from '#lib/shared/data-age.ts';
import { formatBillions, formatCount, formatCurrency, formatNumber } from '#lib/shared/format.ts';
import { cardChange, cardDollars, orUnknown, type MetricCardData } from '#lib/shared/metric-cards.ts';
import { NETWORK_TABLE } from '#lib/shared/open-data/list-views.ts';
import { illustrativeOf } from '#lib/shared/origin.ts';
import { NETWORKS_CARD_CHANGES, NETWORKS_STABLECOIN_CARD } from '#lib/shared/spec-fixed.ts';
import { tableState } from '#lib/shared/table-view.ts';
import type { NetworksView } from '#lib/shared/view-state.ts';

/**
 * Every read of the page in one round trip. Without the networks or the series the page still
 * renders: the chart and pie islands then fetch them from the API themselves, showing their
 * loading texts meanwhile; without the catalog the table's class and issuer filters match nothing.
 */
export async function loadNetworksReads(view: NetworksView, sectionFailed: (error: unknown) => null) {
  const [overview, networks, series, runState, catalog] = await readAll([
    marketOverviewRead(),
    orElse(networksRead(), sectionFailed),
    orElse(networkTimeSeriesRead(view.metric), sectionFailed),
    runStateRead(),
    orElse(catalogRead(), sectionFailed),
  ]);
  return { overview, networks, series, runState, catalog };
}

export type NetworksReads = Awaited<ReturnType<typeof loadNetworksReads>>;

/** The page's four cards: the snapshot's are the spec's fixed figures (spec-fixed.ts), a live run shows its own. */
export function networksCards(overview: NetworksReads['overview'], networkCount: number | null): MetricCardData[] {
  const dollars = (t: string) => cardDollars(t, (v) => formatBillions(v, 2), formatCurrency);
  return [
    {
      title: 'Total RWA Value',
      value: orUnknown(overview.totalRWAValue, dollars),
      ...cardChange(overview, 'totalRWAValue', NETWORKS_CARD_CHANGES.totalRWAValue),
      icon: 'chart-line',
      note: overview.basis?.totalRWAValue,
    },
    {
      title: 'Total RWA Holders',
      value: orUnknown(overview.totalRWAHolders, formatNumber),
      ...cardChange(overview, 'totalAssetHolders', NETWORKS_CARD_CHANGES.totalAssetHolders),
      icon: 'users',
    },
    { title: 'Total Networks', value: networkCount === null ? '—' : formatCount(networkCount), icon: 'bar-chart', changeType: 'neutral' },
    {
      title: 'Total Stablecoin Market Cap',
      value: overview.changes30d ? orUnknown(overview.totalStablecoinValue, dollars) : NETWORKS_STABLECOIN_CARD,
      ...cardChange(overview, 'totalStablecoinValue', NETWORKS_CARD_CHANGES.totalStablecoinValue),
      icon: 'coins',
      // The snapshot's card is a fixed text, not the overview's figure: its basis would not be this card's.
      note: overview.changes30d ? overview.basis?.totalStablecoinValue : undefined,
    },
  ];
}

/**
 * The table in the query's sort and filters; '#' stays the rank by value. A network passes the
 * class and issuer filters when the catalog lists a tracked asset of them on its chain (as the
 * network page's list does before a run).
 */
function networksTable(networks: NonNullable<NetworksReads['networks']>, catalog: NetworksReads['catalog'], query: URLSearchParams) {
  const onChain = (name: string) => (catalog?.assets ?? []).filter((a) => a.chains.includes(name));
  return tableState(
    NETWORK_TABLE,
    networks.map((n, i) => {
      const assets = onChain(n.name);
      return {
        ...n,
        rank: i + 1,
        classes: [...new Set(assets.map((a) => a.assetClass))],
        issuers: [...new Set(assets.flatMap((a) => (a.issuer ? [a.issuer.name] : [])))],
      };
    }),
    query,
  );
}

/** The /api/networks columns (the spec's shape): a download of the table as shown. */
export const NETWORKS_DOWNLOAD_COLUMNS = [
  'id',
  'name',
  'iconUrl',
  'rwaCount',
  'totalValue',
  'marketShare',
  'change30d',
  'origin',
  'change30dOrigin',
] as const;

/** The page from its reads, the query and the server clock's UTC day: a pure step. */
export function buildNetworksPage(r: NetworksReads, query: URLSearchParams, today: string) {
  const networks = r.networks ?? [];
  const table = networksTable(networks, r.catalog, query);
  return {
    overview: r.overview,
    age: freshness(r.overview.asOf, today, r.runState),
    cards: networksCards(r.overview, r.networks ? networks.length : null),
    /** The networks for the pie (null: its island fetches them). */
    distribution: r.networks,
    series: r.series,
    colorOrder: networks.map((n) => n.name),
    // Before any run, the series before the as-of date are the snapshot's synthetic detail: the chart says so.
    seriesIllustrative: illustrativeOf(
      (r.series ?? []).map((p) => p.origin),
      r.overview.asOf,
      'the monthly series before the as-of date',
    ),
    table,
    /** The table's rows as /api/networks gives them, in the table's order (`?format=` downloads them). */
    download: table.rows.map(({ rank: _rank, classes: _classes, issuers: _issuers, ...n }) => n),
  };
}
