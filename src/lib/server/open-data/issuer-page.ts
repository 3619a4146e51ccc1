/**
 * The issuers index and /issuers/{id}: an issuer's assets (as the catalog knows them) and their
 * total over time. After a run the total is the one publish decided (its issuer totals: each
 * dollar counted once, a fund's holdings of other tracked funds netted as measured that day, else as
 * its documents state); on the snapshot, which has one figure per asset and no holdings read, the
 * stated shares stand and there is no history. One drizzle batch.
 */
import type { z } from 'zod';
import { figureOrigin } from '#lib/shared/origin.ts';
import type { issuerPageSchema } from '#lib/shared/schemas/responses.ts';
import type { WithNumbers } from '#lib/shared/money.ts';
import { publishedTotalsRead, type PublishedTotal } from '#lib/server/figures/read-model.ts';
import { combine, readOne, type Read } from '#lib/server/db/reads.ts';
import { servedFactsRead } from '#lib/server/figures/run-state.ts';
import { assetRef, catalogRead, registryIssuerNames, type Catalog, type CatalogAsset } from './catalog.ts';
import { slugify } from '#lib/shared/open-data/ids.ts';
import { countedOnce } from '#lib/server/figures/counted-once.ts';
import { siteRegistry } from '#lib/server/figures/sources-data.ts';
import { clip, rangeStart, type Range } from '#lib/shared/open-data/range.ts';
import { historyLine } from '#lib/shared/open-data/empty-section.ts';

type Counted = ReturnType<typeof countedOnce>;

type IssuerPageAnswer = z.output<typeof issuerPageSchema>;
/**
 * An issuer of the list, its total in dollars: the sum of the market caps known, a fund-of-funds'
 * holdings of other tracked funds counted once (null when none of its assets has one).
 */
export type IssuerSummary = WithNumbers<IssuerPageAnswer['issuer'], 'totalMarketCap'>;
/** An asset of the issuer, its market cap in dollars, with the chains the catalog lists for it (always known here). */
export type IssuerAsset = WithNumbers<IssuerPageAnswer['assets'][number], 'marketCap'> & { chains: string[] };
/** The issuer page: its answer, with its money in dollars. */
export type IssuerPage = Omit<IssuerPageAnswer, 'issuer' | 'assets' | 'history'> & {
  issuer: IssuerSummary;
  assets: IssuerAsset[];
  history: WithNumbers<IssuerPageAnswer['history'][number], 'totalMarketCap'>[];
};

/** An asset's market cap is a run's figure when a run is published and the served table has it. */
const assetOrigin = (a: CatalogAsset, live: boolean) => figureOrigin(live && a.origin === 'served');

/** One day of an issuer's published totals, summed over the names the registry gives it (usually one). */
interface DayTotal {
  date: string;
  value: number;
  netted: number;
}

/** Per day, oldest first, the issuer totals of these rows summed (the rows of one issuer's names). */
function byDay(rows: PublishedTotal[]): DayTotal[] {
  const days = new Map<string, DayTotal>();
  for (const r of rows) {
    const d = days.get(r.date) ?? days.set(r.date, { date: r.date, value: 0, netted: 0 }).get(r.date)!;
    d.value += r.value;
    d.netted += r.netted;
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/**
 * The issuer's total: its known market caps, each whole, less what publish netted from the issuer's
 * total that day (`published`: the as-of day's issuer total, after a run); without one (the
 * snapshot), less the shares the registry states (`counted`, counted-once.ts).
 */
function summary(catalog: Catalog, id: string, live: boolean, counted: Counted, published?: DayTotal): IssuerSummary | undefined {
  const i = catalog.issuers.find((x) => x.id === id);
  if (!i) return undefined;
  const list = i.assetIds.map((a) => catalog.byId.get(a)!);
  const known = list.filter((a) => a.marketCap !== null);
  const total =
    live && published
      ? known.reduce((s, a) => s + a.marketCap!, 0) - published.netted
      : known.reduce((s, a) => s + counted(a.registry?.symbol ?? a.symbol, a.marketCap!), 0);
  return {
    id: i.id,
    name: i.name,
    url: i.url,
    assetCount: list.length,
    totalMarketCap: known.length ? Number(total.toFixed(2)) : null,
    unknownCount: list.length - known.length,
    origin: known.every((a) => assetOrigin(a, live) === 'live') ? figureOrigin(live) : 'snapshot',
  };
}

/** Every issuer, largest total first, with the classes of its assets (by issuer id, for the /issuers class filter). */
export const issuersRead = () =>
  combine([servedFactsRead(), catalogRead(), publishedTotalsRead('issuer', 0)], ([{ asOf, publishedRun }, catalog, totals]) => {
    const counted = countedOnce(siteRegistry().registry);
    // The as-of day's issuer totals (the read holds that day alone) by the issuer's id: the names the registry gives it, summed.
    const byId = new Map<string, PublishedTotal[]>();
    for (const t of totals) {
      const id = slugify(t.key);
      (byId.get(id) ?? byId.set(id, []).get(id)!).push(t);
    }
    const issuers = catalog.issuers.map((i) =>
      summary(catalog, i.id, publishedRun !== undefined, counted, byId.has(i.id) ? byDay(byId.get(i.id)!)[0] : undefined)!,
    );
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
  /** The issuer's published totals, every day up to the as-of day (none before a run, or for an issuer no tracked product names). */
  totals: PublishedTotal[];
}

/**
 * The issuer page's reads as one `Read`: the dataset facts, the catalog and the issuer's published
 * totals, whose keys (the registry's names for the issuer) are known from the registry before the
 * catalog is read.
 */
export function issuerPageReads(id: string): Read<IssuerPageReads> {
  const names = registryIssuerNames(id);
  return combine(
    [servedFactsRead(), catalogRead(), publishedTotalsRead('issuer', names.length ? Infinity : -1, names)],
    ([facts, catalog, totals]) => ({
      ...facts,
      catalog,
      totals,
    }),
  );
}

export async function loadIssuerPage(id: string): Promise<IssuerPage | undefined> {
  return issuerPageFrom(id, await readOne(issuerPageReads(id)));
}

/** The issuer page from its reads, a pure step: its total and history are the published issuer totals after a run. */
export function issuerPageFrom(id: string, { asOf, publishedRun, catalog, totals }: IssuerPageReads): IssuerPage | undefined {
  const live = publishedRun !== undefined;
  const entry = catalog.issuers.find((x) => x.id === id);
  if (!entry) return undefined;
  // The issuer's totals per day (read by the names the registry gives it; a snapshot-only issuer has none).
  const own = byDay(totals);
  const issuer = summary(
    catalog,
    id,
    live,
    countedOnce(siteRegistry().registry),
    own.find((t) => t.date === asOf),
  )!;
  const list = entry.assetIds.map((a) => catalog.byId.get(a)!);
  const history: IssuerPage['history'] = live ? own.map((t) => ({ date: t.date, totalMarketCap: Number(t.value.toFixed(2)) })) : [];
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
