/**
 * What an embedded chart shows, read through the loaders of the page it comes from (the asset and
 * network pages' loaders, the home page's chart read): the same figures, never a second computation.
 */
import { readAll } from '#lib/server/db/reads.ts';
import { chartDataRead, marketOverviewRead } from '#lib/server/figures/analytics.ts';
import { loadAssetPage } from './asset-page.ts';
import { assetHistoryRows } from './asset-downloads.ts';
import { loadNetworkPage, networkHistoryRows } from './network-page.ts';
import { chartOrigin, EMBED_ASSET_METRICS, EMBED_MEASURES, type EmbedChartData, type EmbedTarget } from '#lib/shared/embed.ts';
import { CHART_LAYERS, stackChartData } from '#lib/shared/markets.ts';
import { readRange, type Range } from '#lib/shared/open-data/range.ts';
import { whyLine } from '#lib/shared/open-data/empty-section.ts';
import { figureOrigin } from '#lib/shared/origin.ts';
import { assetClassColors, chartPalette } from '../../../../tailwind.config.mjs';

type Row = { top10Share: number | null; hhi: number | null; gini: number | null };

/** The asset history an embed draws (`?metric=`), as the asset page's three charts name them. */
const ASSET_METRICS: Record<
  (typeof EMBED_ASSET_METRICS)[number],
  { key: 'marketCap' | 'supply' | 'holders'; label: string; unit: EmbedChartData['unit'] }
> = {
  'market-cap': { key: 'marketCap', label: 'market cap', unit: 'usd' },
  supply: { key: 'supply', label: 'supply', unit: 'count' },
  holders: { key: 'holders', label: 'holders', unit: 'count' },
};
/** The holder concentration measure an embed draws (`?measure=`), on the asset page's charts' scales. */
const CONCENTRATION_MEASURES: Record<(typeof EMBED_MEASURES)[number], { label: string; value: (v: Row) => number | null }> = {
  top10: { label: 'top-10 holders’ share (%)', value: (v) => (v.top10Share === null ? null : v.top10Share * 100) },
  hhi: { label: 'holder concentration, HHI (0-10,000)', value: (v) => v.hhi },
  gini: { label: 'holder concentration, Gini (× 100)', value: (v) => (v.gini === null ? null : v.gini * 100) },
};
/** One of a fixed list, else its first (the default), as the route's declared parameter reads it. */
const pick = <K extends string>(ids: readonly K[], v: string | null): K => ids.find((id) => id === v) ?? ids[0];

const rangeWords = (range: Range) => (range === 'all' ? 'all dates' : `last ${range}`);

/** The chart of an embed, or undefined when its asset or network is unknown (a 404). */
export async function loadEmbed(target: EmbedTarget, q: URLSearchParams): Promise<EmbedChartData | undefined> {
  const range = readRange(q.get('range'));
  if (target.kind === 'classes') {
    const [overview, points] = await readAll([marketOverviewRead(), chartDataRead()]);
    const withStablecoins = q.get('stablecoins') === '1';
    const layers = stackChartData(points, withStablecoins);
    return {
      title: 'Total RWA Value',
      subtitle: `Tokenized assets by class, stacked${withStablecoins ? ', stablecoins included' : ', stablecoins excluded'}`,
      asOf: overview.asOf,
      origin: chartOrigin(
        points.map((p) => p.origin),
        overview.origin,
      ),
      unit: 'usd-billions',
      stacked: true,
      series: layers.map((l) => ({
        key: l.key,
        label: CHART_LAYERS.find((c) => c.key === l.key)?.label ?? l.key,
        color: assetClassColors[l.key],
        points: l.points.map((p) => ({ date: p.time, value: p.value })),
      })),
    };
  }
  if (target.kind === 'network') {
    const page = await loadNetworkPage(target.id);
    if (!page) return undefined;
    const rows = networkHistoryRows(page, range);
    return {
      title: `${page.network.name}: market share`,
      subtitle: `Share of tokenized asset value on the network, ${rangeWords(range)}`,
      asOf: page.asOf,
      origin: chartOrigin(
        rows.map((r) => r.origin as EmbedChartData['origin']),
        figureOrigin(page.live),
      ),
      unit: 'percent',
      stacked: false,
      series: [
        {
          key: 'share',
          label: 'Market share',
          color: chartPalette[0],
          points: rows.flatMap((r) => (typeof r.share === 'number' ? [{ date: String(r.date), value: r.share }] : [])),
        },
      ],
      unknown: page.historyNote ?? undefined,
    };
  }
  const page = await loadAssetPage(target.id);
  if (!page) return undefined;
  const { asset } = page;
  if (target.kind === 'asset') {
    const id = pick(EMBED_ASSET_METRICS, q.get('metric'));
    const metric = ASSET_METRICS[id];
    return {
      title: `${asset.symbol}: ${metric.label}`,
      subtitle: `${asset.name}, ${rangeWords(range)}`,
      asOf: page.asOf,
      origin: figureOrigin(page.live),
      unit: metric.unit,
      stacked: false,
      series: [
        {
          key: id,
          label: metric.label,
          color: chartPalette[0],
          points: assetHistoryRows(page, range).flatMap((h) => (h[metric.key] === null ? [] : [{ date: h.date, value: h[metric.key]! }])),
        },
      ],
      unknown: page.historyNote ?? undefined,
    };
  }
  const measureId = pick(EMBED_MEASURES, q.get('measure'));
  const measure = CONCENTRATION_MEASURES[measureId];
  const c = page.concentration;
  return {
    title: `${asset.symbol}: ${measure.label}`,
    subtitle: `${asset.name}, holders on all its EVM chains, per day`,
    asOf: page.asOf,
    origin: figureOrigin(page.live),
    unit: 'count',
    stacked: false,
    series: [
      {
        key: measureId,
        label: measure.label,
        color: chartPalette[0],
        points: c.history.flatMap((p) => {
          const v = p.chain === 'all' ? measure.value(p) : null;
          return v === null ? [] : [{ date: p.date, value: v }];
        }),
      },
    ],
    unknown: whyLine(c.unknown) ?? undefined,
  };
}
