/**
 * The home page as a read and a build. `loadHomeReads` is every read the page needs, sent as one
 * batch; `buildHomePage` is a pure step from what they answered (and the clock) to what the template
 * renders: the metric cards, the stacked chart and what it says of its figures, the two asset lists,
 * the transfers, the league table and Latest News. The .astro file only renders it.
 */
import { assetsRead, chartDataRead, marketOverviewRead, networksRead, transfersRead } from '#lib/server/figures/analytics.ts';
import { stackedTwiceRead } from '#lib/server/figures/read-model.ts';
import { runStateRead } from '#lib/server/figures/run-state.ts';
import { freshness } from '#lib/shared/data-age.ts';
import { nextScheduledRead, publicListRead } from '#lib/server/content/articles.ts';
import { orElse, readAll } from '#lib/server/db/reads.ts';
import { trackedIssuerCount } from './catalog.ts';
import { itemPath, shownDate } from '#lib/shared/article-kinds.ts';
import { formatCurrency, formatNumber } from '#lib/shared/format.ts';
import { fallbackNews, type NewsItem } from '#lib/shared/markets.ts';
import { cardChange, liveChartLegends, orUnknown, type MetricCardData } from '#lib/shared/metric-cards.ts';
import { HOME_CARD_CHANGES } from '#lib/shared/spec-fixed.ts';
import { withAssetIds } from '#lib/shared/open-data/ids.ts';
import { illustrativeOf } from '#lib/shared/origin.ts';
import { findRange, TRANSFER_LIMIT } from '#lib/shared/transfers.ts';
import type { HomeView } from '#lib/shared/view-state.ts';

/**
 * Every read of the page, sent as one batch (db/reads.ts). The networks and the news are optional
 * reads: when they fail, their sections fall back (the league table fetches the networks itself,
 * 'Loading networks...'; Latest News shows sample headlines) and the page still answers.
 */
export async function loadHomeReads(view: HomeView, sectionFailed: (error: unknown) => null) {
  const range = findRange(view.range);
  const [overview, chartData, assets, networks, transfers, news, nextScheduled, runState, stackedTwice] = await readAll([
    marketOverviewRead(),
    chartDataRead(),
    assetsRead(),
    orElse(networksRead(), sectionFailed),
    transfersRead({ days: view.period, minUsd: range.minUsd, maxUsd: range.maxUsd, limit: TRANSFER_LIMIT }),
    orElse(publicListRead('blog', 5), sectionFailed),
    nextScheduledRead(),
    runStateRead(),
    stackedTwiceRead(),
  ]);
  return { overview, chartData, assets, networks, transfers, news, nextScheduled, runState, stackedTwice };
}

export type HomeReads = Awaited<ReturnType<typeof loadHomeReads>>;

/** The four market cards: each figure or unknown, its change (live, or the spec's fixed text), and what it counts. */
export function homeCards(overview: HomeReads['overview'], trackedIssuers: number | null): MetricCardData[] {
  const issuersNote =
    overview.origin === 'live'
      ? `issuers with a tracked asset in the published run${trackedIssuers === null ? '' : `; ${formatNumber(trackedIssuers)} listed on Issuers`}`
      : `issuers in the market (public estimate)${trackedIssuers === null ? '' : `; ${formatNumber(trackedIssuers)} tracked here`}`;
  return [
    {
      title: 'Total RWA Onchain',
      value: orUnknown(overview.totalRWAValue, formatCurrency),
      ...cardChange(overview, 'totalRWAValue', HOME_CARD_CHANGES.totalRWAValue),
      icon: 'chart-line',
      // The two totals may count different things (our list, the market): each says which.
      note: overview.basis?.totalRWAValue,
    },
    {
      title: 'Total Asset Holders',
      value: orUnknown(overview.totalAssetHolders, formatNumber),
      ...cardChange(overview, 'totalAssetHolders', HOME_CARD_CHANGES.totalAssetHolders),
      icon: 'users',
    },
    {
      title: 'Total Asset Issuers',
      value: orUnknown(overview.totalAssetIssuers, formatNumber),
      // Counts say what they count: the snapshot's figure is the whole market's, /issuers lists ours.
      note: issuersNote,
      icon: 'building',
      changeType: 'neutral',
    },
    {
      title: 'Total Stablecoin Value',
      value: orUnknown(overview.totalStablecoinValue, formatCurrency),
      ...cardChange(overview, 'totalStablecoinValue', HOME_CARD_CHANGES.totalStablecoinValue),
      icon: 'coins',
      note: overview.basis?.totalStablecoinValue,
    },
  ];
}

/** Latest News: the five newest published posts, or sample headlines (marked so) when there are none. */
export function homeNews(news: HomeReads['news'], now: Date): { items: NewsItem[]; sample: boolean } {
  const posts: NewsItem[] = (news ?? []).map((p) => ({
    id: p.id,
    title: p.title,
    href: itemPath('blog', p.slug),
    excerpt: p.excerpt,
    date: shownDate(p).toISOString(),
  }));
  return posts.length === 0 ? { items: fallbackNews(now), sample: true } : { items: posts, sample: false };
}

/**
 * What the chart, the transfers and the league table say of their figures: before any run, the
 * chart's history, the transfers and the 30-day changes are the snapshot's synthetic detail.
 */
function homeIllustrative(r: Pick<HomeReads, 'overview' | 'chartData' | 'transfers'>, league: HomeReads['networks']) {
  return {
    chart: illustrativeOf(
      r.chartData.map((p) => p.origin),
      r.overview.asOf,
      'the history before the as-of date',
    ),
    transfers: illustrativeOf(
      r.transfers.map((t) => t.origin),
      r.overview.asOf,
      'generated transfers',
    ),
    league: illustrativeOf(
      (league ?? []).map((n) => (n.change30d === null ? undefined : n.change30dOrigin)),
      r.overview.asOf,
      '30-day changes',
    ),
  };
}

/**
 * The home page from its reads and the clock, a pure step: `now` dates Latest News, `today` (the
 * server clock's UTC day) says how old the figures are.
 */
export function buildHomePage(r: HomeReads, { now, today }: { now: Date; today: string }) {
  // Each asset links to its page; the ids come from the symbols alone (no extra query).
  const linked = withAssetIds(r.assets);
  // The league table's rows: the top ten networks (null: the table fetches them itself).
  const league = r.networks?.slice(0, 10) ?? null;
  return {
    overview: r.overview,
    age: freshness(r.overview.asOf, today, r.runState),
    cards: homeCards(r.overview, trackedIssuerCount(r.assets)),
    chartData: r.chartData,
    legends: liveChartLegends(r.overview, r.chartData),
    // Dollars the stack leaves out of its stablecoin layer (held by their reserves in the funds below), null before a run.
    stackedTwice: r.stackedTwice !== null && r.stackedTwice > 0 ? r.stackedTwice : null,
    treasuries: linked.filter((a) => a.assetClass === 'U.S. Treasuries'),
    stablecoins: linked.filter((a) => a.assetClass === 'Stablecoins'),
    transfers: r.transfers,
    assetIds: Object.fromEntries(linked.map((a) => [a.symbol, a.id])),
    networkIds: Object.fromEntries((r.networks ?? []).map((n) => [n.name, n.id])),
    leagueNetworks: league,
    news: homeNews(r.news, now),
    illustrative: homeIllustrative(r, league),
    nextScheduled: r.nextScheduled,
  };
}
