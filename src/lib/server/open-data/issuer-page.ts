/**
 * The issuers index and /issuers/{id}: an issuer's assets (as the catalog knows them) and their
 * total over time (the sum of the assets' observed market caps per date; unknown on the snapshot,
 * which has one figure per asset). One drizzle batch.
 */
import { figureOrigin, type Origin } from '#lib/shared/origin.ts';
import { publishedCellsRead, type PublishedCell } from '#lib/server/figures/read-model.ts';
import { combine, readOne, type Read } from '#lib/server/db/reads.ts';
import { servedFactsRead } from '#lib/server/figures/run-state.ts';
import { assetRef, catalogRead, issuerSymbolsGuess, type Catalog, type AssetRef, type CatalogAsset } from './catalog.ts';
import { countedOnce } from '#lib/server/figures/counted-once.ts';
import { siteRegistry } from '#lib/server/figures/sources-data.ts';
import { clip, rangeStart, type Range } from '#lib/shared/open-data/range.ts';
import { historyLine } from '#lib/shared/open-data/empty-section.ts';

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

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
export const issuersRead = () =>
  combine([servedFactsRead(), catalogRead()], ([{ asOf, publishedRun }, catalog]) => {
    const counted = countedOnce(siteRegistry().registry);
    const issuers = catalog.issuers.map((i) => summary(catalog, i.id, publishedRun !== undefined, counted)!);
    issuers.sort((a, b) => (b.totalMarketCap ?? -1) - (a.totalMarketCap ?? -1) || a.name.localeCompare(b.name));
    const classes = new Map(catalog.issuers.map((i) => [i.id, [...new Set(i.assetIds.map((a) => catalog.byId.get(a)!.assetClass))]]));
    return { asOf, issuers, classes };
  });
export const loadIssuers = () => readOne(issuersRead());

const sourceOf = (a: CatalogAsset, live: boolean) =>
  a.origin === 'served'
    ? live
      ? 'published ingest run'
      : 'snapshot'
    : a.origin === 'snapshot'
      ? 'snapshot (not in the live run)'
      : 'none yet';

/** What the issuer page is built from, read in one batch (issuerPageReads). */
export interface IssuerPageReads {
  asOf: string;
  publishedRun?: number;
  catalog: Catalog;
  /** The published figures of the symbols the bundled lists give the issuer (none before a run). */
  cells: PublishedCell[];
  guessed: ReadonlySet<string>;
}

/**
 * The issuer page's reads as one `Read`: the dataset facts, the catalog and the published figures of
 * the issuer's assets, whose symbols are known from the bundled lists before the catalog is read.
 */
export function issuerPageReads(id: string): Read<IssuerPageReads> {
  const guessed = issuerSymbolsGuess(id);
  return combine(
    [servedFactsRead(), catalogRead(), publishedCellsRead({ asset: guessed.size ? [...guessed] : '' })],
    ([facts, catalog, cells]) => ({
      ...facts,
      catalog,
      cells,
      guessed,
    }),
  );
}

/** The issuer page from its reads; a symbol the guess missed (not seen in practice) costs one more read, never a wrong total. */
export async function issuerPageFrom(id: string, reads: IssuerPageReads): Promise<IssuerPage | undefined> {
  const { catalog, publishedRun } = reads;
  const entry = catalog.issuers.find((x) => x.id === id);
  if (!entry) return undefined;
  const symbols = entry.assetIds.map((a) => catalog.byId.get(a)!).map((a) => a.registry?.symbol ?? a.symbol);
  const missed = symbols.filter((s) => !reads.guessed.has(s));
  const more = publishedRun !== undefined && missed.length ? await readOne(publishedCellsRead({ asset: missed })) : [];
  return buildIssuerPage(id, reads, [...reads.cells, ...more]);
}

export async function loadIssuerPage(id: string): Promise<IssuerPage | undefined> {
  return issuerPageFrom(id, await readOne(issuerPageReads(id)));
}

/** The issuer page from its reads: a pure step. */
function buildIssuerPage(id: string, { asOf, publishedRun, catalog }: IssuerPageReads, read: PublishedCell[]): IssuerPage | undefined {
  const live = publishedRun !== undefined;
  const counted = countedOnce(siteRegistry().registry);
  const issuer = summary(catalog, id, live, counted);
  if (!issuer) return undefined;
  const list = catalog.issuers.find((x) => x.id === id)!.assetIds.map((a) => catalog.byId.get(a)!);
  let history: IssuerPage['history'] = [];
  if (live) {
    const symbols = new Set(list.map((a) => a.registry?.symbol ?? a.symbol));
    // Read wider than the issuer (the guess), so its own products only; by date, asset and chain, as one query would give them.
    const cells = read
      .filter((o) => symbols.has(o.asset))
      .sort((a, b) => cmp(a.date, b.date) || cmp(a.asset, b.asset) || cmp(a.chain, b.chain));
    // Per date, the published figures of its assets (one per asset and chain), each dollar counted once.
    const total = new Map<string, number>();
    for (const o of cells) if (o.value !== null) total.set(o.date, (total.get(o.date) ?? 0) + counted(o.asset, o.value));
    history = [...total.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, v]) => ({ date, totalMarketCap: Number(v.toFixed(2)) }));
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
    historyNote: historyLine({ live, points: history.length, none: 'no observation of these assets yet' }),
  };
}

export const issuerHistoryRows = (page: IssuerPage, range: Range, from?: string, to?: string) =>
  clip(page.history, from ?? rangeStart(range, page.asOf), to ?? page.asOf);
export const ISSUER_HISTORY_COLUMNS = ['date', 'totalMarketCap'] as const;
export const ISSUER_ASSET_COLUMNS = ['id', 'symbol', 'name', 'assetClass', 'marketCap', 'source', 'origin', 'url'] as const;
export const ISSUER_COLUMNS = ['id', 'name', 'assetCount', 'totalMarketCap', 'unknownCount', 'origin', 'url'] as const;
