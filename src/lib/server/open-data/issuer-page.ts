/**
 * The issuers index and /issuers/{id}: an issuer's assets (as the catalog knows them) and their
 * total over time (the sum of the assets' observed market caps per date; unknown on the snapshot,
 * which has one figure per asset). Two drizzle batches at most.
 */
import { figureOrigin, type Origin } from '#lib/shared/origin.ts';
import { publishedCellsRead } from '#lib/server/figures/read-model.ts';
import { readOne } from '#lib/server/db/reads.ts';
import { assetRef, type Catalog, type AssetRef, type CatalogAsset } from './catalog.ts';
import { loadCatalogAndFacts } from './shared.ts';
import { countedOnce } from '#lib/server/figures/counted-once.ts';
import { siteRegistry } from '#lib/server/figures/sources-data.ts';
import { clip, rangeStart, type Range } from '#lib/shared/open-data/range.ts';

type Counted = ReturnType<typeof countedOnce>;

export interface IssuerSummary {
  id: string;
  name: string;
  url: string;
  assetCount: number;
  /** Sum of the market caps known, a fund-of-funds' holdings of other tracked funds counted once; null when none of its assets has one. */
  totalMarketCap: number | null;
  /** Assets whose market cap is unknown (left out of the total). */
  unknownCount: number;
  /** live when every figure in the total is a published run's, else snapshot (origin.ts). */
  origin: Origin;
}
export interface IssuerAsset extends AssetRef {
  marketCap: number | null;
  source: string;
  origin: Origin;
  /** The chains the catalog lists for it (the list's chain filter). */
  chains: string[];
}
export interface IssuerPage {
  asOf: string;
  live: boolean;
  origin: Origin;
  issuer: IssuerSummary;
  assets: IssuerAsset[];
  history: { date: string; totalMarketCap: number }[];
  historyNote: string | null;
}

/** An asset's market cap is a run's figure when a run is published and the served table has it. */
const assetOrigin = (a: CatalogAsset, live: boolean) => figureOrigin(live && a.origin === 'served');

/** `counted`: an asset's part in the total, a fund-of-funds' holdings of other tracked funds counted once (counted-once.ts). */
function summary(catalog: Catalog, id: string, live: boolean, counted: Counted): IssuerSummary | undefined {
  const i = catalog.issuers.find((x) => x.id === id);
  if (!i) return undefined;
  const list = i.assetIds.map((a) => catalog.byId.get(a)!);
  const known = list.filter((a) => a.marketCap !== null);
  return {
    id: i.id,
    name: i.name,
    url: i.url,
    assetCount: list.length,
    totalMarketCap: known.length
      ? Number(known.reduce((s, a) => s + counted(a.registry?.symbol ?? a.symbol, a.marketCap!), 0).toFixed(2))
      : null,
    unknownCount: list.length - known.length,
    origin: known.every((a) => assetOrigin(a, live) === 'live') ? figureOrigin(live) : 'snapshot',
  };
}

/** Every issuer, largest total first, with the classes of its assets (by issuer id, for the /issuers class filter). */
export async function loadIssuers(): Promise<{ asOf: string; issuers: IssuerSummary[]; classes: Map<string, string[]> }> {
  const { asOf, publishedRun, catalog } = await loadCatalogAndFacts();
  const counted = countedOnce(siteRegistry().registry);
  const issuers = catalog.issuers.map((i) => summary(catalog, i.id, publishedRun !== undefined, counted)!);
  issuers.sort((a, b) => (b.totalMarketCap ?? -1) - (a.totalMarketCap ?? -1) || a.name.localeCompare(b.name));
  const classes = new Map(catalog.issuers.map((i) => [i.id, [...new Set(i.assetIds.map((a) => catalog.byId.get(a)!.assetClass))]]));
  return { asOf, issuers, classes };
}

const sourceOf = (a: CatalogAsset, live: boolean) =>
  a.origin === 'served'
    ? live
      ? 'published ingest run'
      : 'snapshot'
    : a.origin === 'snapshot'
      ? 'snapshot (not in the live run)'
      : 'none yet';

export async function loadIssuerPage(id: string): Promise<IssuerPage | undefined> {
  const { asOf, publishedRun, catalog } = await loadCatalogAndFacts();
  const live = publishedRun !== undefined;
  const counted = countedOnce(siteRegistry().registry);
  const issuer = summary(catalog, id, live, counted);
  if (!issuer) return undefined;
  const list = catalog.issuers.find((x) => x.id === id)!.assetIds.map((a) => catalog.byId.get(a)!);
  let history: IssuerPage['history'] = [];
  let historyNote: string | null =
    'Unknown: the snapshot holds one figure per asset; the history starts with the first published ingest run.';
  if (live) {
    const symbols = list.map((a) => a.registry?.symbol ?? a.symbol);
    const cells = await readOne(publishedCellsRead({ asset: symbols }));
    // Per date, the published figures of its assets (one per asset and chain), each dollar counted once.
    const total = new Map<string, number>();
    for (const o of cells) if (o.value !== null) total.set(o.date, (total.get(o.date) ?? 0) + counted(o.asset, o.value));
    history = [...total.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, v]) => ({ date, totalMarketCap: Number(v.toFixed(2)) }));
    historyNote = history.length ? null : 'Unknown: no observation of these assets yet.';
  }
  return {
    asOf,
    live,
    origin: figureOrigin(live),
    issuer,
    assets: list
      .map((a) => ({
        ...assetRef(a),
        marketCap: a.marketCap,
        source: sourceOf(a, live),
        origin: assetOrigin(a, live),
        chains: a.chains,
      }))
      .sort((a, b) => (b.marketCap ?? -1) - (a.marketCap ?? -1)),
    history,
    historyNote,
  };
}

export const issuerHistoryRows = (page: IssuerPage, range: Range, from?: string, to?: string) =>
  clip(page.history, from ?? rangeStart(range, page.asOf), to ?? page.asOf);
export const ISSUER_HISTORY_COLUMNS = ['date', 'totalMarketCap'] as const;
export const ISSUER_ASSET_COLUMNS = ['id', 'symbol', 'name', 'assetClass', 'marketCap', 'source', 'origin', 'url'] as const;
export const ISSUER_COLUMNS = ['id', 'name', 'assetCount', 'totalMarketCap', 'unknownCount', 'origin', 'url'] as const;
