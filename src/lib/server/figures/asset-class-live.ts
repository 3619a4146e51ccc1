/**
 * The asset-class pages (and their /api endpoints) from the latest published ingest run, when
 * there is one: the tracked assets of the class with their market cap, price, networks and
 * holders as of the run's date, and each product's 24-hour change from its published totals. Figures
 * the sources do not give (yields, transfer volume) are "unavailable", never carried over from the snapshot under the new date. Without a
 * published run the snapshot is served unchanged.
 */
import { coverageRead, type Coverage } from './coverage-data.ts';
import { publishedDayRead, totalSeries, type PublishedCell } from './read-model.ts';
import { changeOver } from '#lib/shared/change.ts';
import { readAll, readOne } from '#lib/server/db/reads.ts';
import { CACHE, applyCache } from '#lib/server/cache/policy.ts';
import { networkLinksRead } from '#lib/server/open-data/links.ts';
import { ageOf, runStateRead } from './run-state.ts';
import type { Freshness, RunState } from '#lib/shared/data-age.ts';
import type { CommoditiesData, MetricCardData, PrivateCreditData, StablecoinsData, TreasuriesData } from '#lib/shared/analytics-types.ts';
import { formatCurrency, formatNumber } from '#lib/shared/format.ts';
import { commodities, privateCredit, rankIssuers, stablecoins, treasuries } from './asset-class-data.ts';
import { siteRegistry } from './sources-data.ts';
import { countedOnce } from './counted-once.ts';
import type { Holding } from '#lib/shared/schemas/holdings.ts';

const UNAVAILABLE = 'unavailable';

interface LiveAsset {
  symbol: string;
  name: string;
  issuer: string;
  marketCap: number;
  /** Its part in the class's totals: a fund-of-funds' holdings of other tracked funds counted once (counted-once.ts). */
  counted: number;
  price: number | null;
  networks: string[];
  /** Its value on each chain, in the order read. */
  perChain: { network: string; value: number }[];
  holders: number | null;
  /** Its market cap's change over 24 hours, from its published product totals (change.ts); null when unknown. */
  change24h: number | null;
}

/**
 * The class's tracked assets on the published as-of date, largest first; null without a published
 * run. The published run and its figures of the day (the read model) come in one round trip.
 */
const liveClassRead = (assetClass: string) =>
  publishedDayRead(
    (day) => (day ? liveAssets(assetClass, day.run.asOf, day.cells, totalSeries(day.totals), day.run.holdings) : null),
    {},
    CHANGE_SERIES,
  );

/** The product totals a 24-hour change needs: the day before, and the one before that for a gap (change.ts). */
const CHANGE_SERIES = { kind: 'product', days: 2 } as const;

const liveClass = (assetClass: string) => readOne(liveClassRead(assetClass));
type LiveClass = Awaited<ReturnType<typeof liveClass>>;

function liveAssets(
  assetClass: string,
  asOf: string,
  rows: PublishedCell[],
  series: ReadonlyMap<string, ReadonlyMap<string, number>>,
  holdings: readonly Holding[] = [],
): { asOf: string; assets: LiveAsset[] } {
  const { registry } = siteRegistry();
  const tracked = new Map((registry?.assets ?? []).filter((a) => a.assetClass === assetClass).map((a) => [a.symbol, a]));
  // One per asset and chain: the figure publish decided (stale carries included, held figures never).
  const bySymbol = new Map<string, LiveAsset>();
  // A fund's holdings of tracked funds on the day: measured where the run read the wallet, else the stated share.
  const counted = countedOnce(registry, holdings);
  // Each asset's networks largest first (the published rows come in id order, which says nothing).
  for (const o of [...rows].sort((x, y) => (y.value ?? 0) - (x.value ?? 0))) {
    const a = tracked.get(o.asset);
    if (!a || o.value === null || o.value <= 0) continue;
    const cur = bySymbol.get(a.symbol) ?? {
      symbol: a.symbol,
      name: a.name,
      issuer: a.issuer,
      marketCap: 0,
      counted: 0,
      price: o.price,
      networks: [],
      perChain: [],
      holders: 0,
      change24h: changeOver(series.get(a.symbol) ?? new Map(), asOf, 1).value,
    };
    cur.marketCap += o.value;
    cur.counted += counted(a.symbol, o.value, o.date);
    const network = registry?.chains[o.chain]?.name ?? o.chain;
    cur.networks.push(network);
    cur.perChain.push({ network, value: o.value });
    cur.holders = cur.holders === null || o.holders === null ? null : cur.holders + o.holders;
    bySymbol.set(a.symbol, cur);
  }
  return { asOf, assets: [...bySymbol.values()].sort((x, y) => y.marketCap - x.marketCap) };
}

const card = (base: MetricCardData, value: number | null, format: (n: number) => string): MetricCardData => ({
  title: base.title,
  icon: base.icon,
  value: value === null ? UNAVAILABLE : format(value),
  change: '',
  changeType: 'neutral',
  amount: value === null ? '' : String(value),
});

/**
 * The snapshot's cards (their titles and icons, in the page's order) with the live values, each
 * with its format; a null value shows as unavailable (no source gives it).
 */
const liveCards = (base: MetricCardData[], values: Array<[value: number | null, format: (n: number) => string]>) =>
  values.map(([value, format], i) => card(base[i], value, format));

const sumHolders = (assets: LiveAsset[]) => (assets.some((a) => a.holders === null) ? null : assets.reduce((s, a) => s + a.holders!, 0));

/** The class's total value, a fund's holdings of other tracked funds counted once (counted-once.ts). */
const countedTotal = (assets: LiveAsset[]) => assets.reduce((s, a) => s + a.counted, 0);

/** Per issuer, in the order first met (largest asset first): how many of the class's assets, and their counted value. */
function perIssuer(assets: LiveAsset[]): Map<string, { count: number; cap: number }> {
  const out = new Map<string, { count: number; cap: number }>();
  for (const a of assets) {
    const e = out.get(a.issuer) ?? { count: 0, cap: 0 };
    out.set(a.issuer, { count: e.count + 1, cap: e.cap + a.counted });
  }
  return out;
}

/** A live asset in the columns the stablecoin, treasury and commodity tables share (snapshot-schema.ts `listed`). */
const listedRow = (a: LiveAsset) => ({ name: a.name, ticker: a.symbol, platform: a.issuer, networks: a.networks, marketCap: a.marketCap });

export const stablecoinsData = async (): Promise<StablecoinsData> => stablecoinsFrom(await liveClass('Stablecoins'));

/** The page's figures from the class's live read (liveClassRead('Stablecoins')), or the snapshot's without a run. */
export function stablecoinsFrom(live: LiveClass): StablecoinsData {
  if (!live) return stablecoins;
  const total = countedTotal(live.assets);
  return {
    asOf: live.asOf,
    // Market cap, volume, active addresses, holders.
    cards: liveCards(stablecoins.cards, [
      [total, formatCurrency],
      [null, formatCurrency],
      [null, formatNumber],
      [sumHolders(live.assets), formatNumber],
    ]),
    total: live.assets.length,
    rows: live.assets.map((a) => ({ ...listedRow(a), price: a.price ?? 0, peggedCurrency: 'USD' })),
  };
}

export const treasuriesData = async (): Promise<TreasuriesData> => treasuriesFrom(await liveClass('U.S. Treasuries'));

/** The page's figures from the class's live read (liveClassRead('U.S. Treasuries')), or the snapshot's without a run. */
export function treasuriesFrom(live: LiveClass): TreasuriesData {
  if (!live) return treasuries;
  const total = countedTotal(live.assets);
  const byIssuer = perIssuer(live.assets);
  return {
    asOf: live.asOf,
    // Value, yield to maturity, assets, holders.
    cards: liveCards(treasuries.cards, [
      [total, formatCurrency],
      [null, String],
      [live.assets.length, formatNumber],
      [sumHolders(live.assets), formatNumber],
    ]),
    topEntities: rankIssuers(byIssuer, total),
    total: live.assets.length,
    products: live.assets.map((a) => ({ ...listedRow(a), issuer: a.issuer, yieldToMaturity: null, eligibleInvestors: UNAVAILABLE })),
  };
}

/** The page's figures from the class's live read (liveClassRead('Commodities')), or the snapshot's without a run. */
export function commoditiesFrom(live: LiveClass): CommoditiesData {
  if (!live) return commodities;
  const total = countedTotal(live.assets);
  const platforms = perIssuer(live.assets);
  return {
    asOf: live.asOf,
    // Value, products, gold's share, active platforms.
    cards: liveCards(commodities.cards, [
      [total, formatCurrency],
      [live.assets.length, formatNumber],
      [null, String],
      [platforms.size, formatNumber],
    ]),
    rows: live.assets.map((a, i) => ({ rank: i + 1, ...listedRow(a), type: UNAVAILABLE, price: a.price ?? 0, change24h: a.change24h })),
    changeOrigin: 'live',
    platforms: [...platforms.entries()].map(([name, p]) => ({ name, marketCap: p.cap, assetCount: p.count })),
  };
}

export const privateCreditData = async (): Promise<PrivateCreditData> => privateCreditFrom(await liveClass('Private Credit'));

/**
 * The page's figures from the class's live read (liveClassRead('Private Credit')): the registry's
 * private-credit products, a platform per issuer and a pool per product and chain, valued by the
 * run. What the tokens do not tell (loans originated, APY, defaults, the pool's currency and
 * status) is unavailable. The cards and the tables' counts stay the spec's fixed texts, where the
 * spec puts them. Without a run: the snapshot's loan book.
 */
export function privateCreditFrom(live: LiveClass): PrivateCreditData {
  if (!live) return privateCredit;
  const platforms = new Map<string, { networks: Set<string>; active: number }>();
  for (const a of live.assets) {
    const p = platforms.get(a.issuer) ?? platforms.set(a.issuer, { networks: new Set(), active: 0 }).get(a.issuer)!;
    for (const n of a.networks) p.networks.add(n);
    p.active += a.counted;
  }
  return {
    asOf: live.asOf,
    cards: privateCredit.cards,
    platformsTotal: privateCredit.platformsTotal,
    platforms: [...platforms.entries()]
      .sort((x, y) => y[1].active - x[1].active)
      .map(([protocol, p]) => ({
        protocol,
        networks: [...p.networks],
        totalLoans: null,
        activeLoans: p.active,
        avgBaseApy: null,
        defaultedAmount: null,
      })),
    poolsTotal: privateCredit.poolsTotal,
    pools: live.assets.flatMap((a) =>
      a.perChain.map((c) => ({
        platform: a.issuer,
        network: c.network,
        name: a.name,
        currency: UNAVAILABLE,
        status: UNAVAILABLE,
        apy: null,
        principalOutstanding: c.value,
        defaultedAmount: null,
        product: a.symbol,
      })),
    ),
  };
}

/** The frame of a class page (DataPage's props beside its texts): its cards, as-of date and how old it is. */
type ClassCoverageRow = Coverage['classes'][number];

export interface ClassFrame {
  asOf: string;
  age: Freshness;
  cards: MetricCardData[];
  /** What share of its market the class's tracked products cover, on its reference's basis (coverage-data.ts). */
  coverage: ClassCoverageRow | null;
}
const frameOf = (data: { asOf: string; cards: MetricCardData[] }, state: RunState, coverage: ClassCoverageRow | null): ClassFrame => ({
  asOf: data.asOf,
  age: ageOf(data.asOf, state),
  cards: data.cards,
  coverage,
});

/**
 * What an asset-class page (/stablecoins, /treasuries, /commodities) starts with: its caching and
 * cache tag set on the response, then the class's live figures and the network links read in one
 * round trip. Server-rendered, so the page never shows an older as-of date than / and /networks.
 * `from` turns the live read into the page's figures (the snapshot's without a run).
 */
export async function openClassPage<T extends { asOf: string; cards: MetricCardData[] }>(
  page: { response: { headers: Headers }; url: URL },
  assetClass: string,
  from: (live: LiveClass) => T,
): Promise<{ data: T; chainLinks: Record<string, string>; frame: ClassFrame }> {
  applyCache(page.response.headers, CACHE.dataPage);
  const [live, chainLinks, runState, coverage] = await readAll([
    liveClassRead(assetClass),
    networkLinksRead(page.url.pathname),
    runStateRead(),
    coverageRead(),
  ]);
  const data = from(live);
  return { data, chainLinks, frame: frameOf(data, runState, coverage.classes.find((c) => c.assetClass === assetClass) ?? null) };
}
