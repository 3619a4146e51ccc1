/**
 * Pure logic of the Home and Networks pages: the stacked chart's layers, the pie's slices and
 * the value formatting of the network charts. No DOM, no database.
 */
import type { ChartDataPoint, Network, NetworkMetric, TimeSeriesPoint } from './analytics-types.ts';
import { NETWORK_METRICS, VALUE_METRICS } from './analytics-types.ts';
import { formatCurrency, formatNumber, formatPercent } from './format.ts';
import { ASSET_CLASS_TABLE, type ChartColumn } from './asset-classes.ts';
import { CHART_LEGEND } from './spec-fixed.ts';

export type AssetClassKey = ChartColumn;

/** The stacked chart's layers, bottom to top (the asset-class table's order and labels), with the spec's legend. */
export const CHART_LAYERS: readonly { key: AssetClassKey; label: string; legend: string }[] = ASSET_CLASS_TABLE.map((c) => ({
  key: c.column,
  label: c.label,
  legend: CHART_LEGEND[c.column],
}));

export interface StackedLayer {
  key: AssetClassKey;
  /** Cumulative value (this layer plus every layer below it), in billions, one point per date. */
  points: { time: string; value: number }[];
}

/**
 * Stacks the chart data: each layer's value is the running sum of the layers below it and itself,
 * so area series drawn top layer first look stacked. Dates are sorted and de-duplicated (a chart
 * axis needs strictly increasing times); non-numeric values count as 0.
 */
export function stackChartData(points: ChartDataPoint[], includeStablecoins: boolean): StackedLayer[] {
  const layers = CHART_LAYERS.filter((l) => includeStablecoins || l.key !== 'stablecoins');
  const byDate = new Map<string, ChartDataPoint>();
  for (const p of points) byDate.set(p.date.slice(0, 10), p);
  const dates = [...byDate.keys()].sort();
  const result: StackedLayer[] = layers.map((l) => ({ key: l.key, points: [] }));
  for (const date of dates) {
    const p = byDate.get(date)!;
    let sum = 0;
    layers.forEach((l, i) => {
      const v = Number(p[l.key]);
      sum += Number.isFinite(v) ? v : 0;
      result[i].points.push({ time: date, value: Math.round(sum * 1e6) / 1e6 });
    });
  }
  return result;
}

export interface PieSlice {
  id: string;
  name: string;
  value: number;
  /** Percent of the whole market (the network's marketShare). */
  share: number;
  color: string;
}

/** The pie's slices: the top `limit` networks by totalValue, coloured from the palette in rank order. */
export function pieSlices(networks: Network[], palette: readonly string[], limit = 10): PieSlice[] {
  return [...networks]
    .map((n) => ({ n, value: Number(n.totalValue) }))
    .filter((x) => Number.isFinite(x.value) && x.value > 0)
    .sort((a, b) => b.value - a.value)
    .slice(0, limit)
    .map(({ n, value }, i) => ({ id: n.id, name: n.name, value, share: n.marketShare, color: palette[i % palette.length] }));
}

/** A slice's label: '$1.23B' or '$820.00M' (the spec's currency rule), or its share '12.3%' when the percent switch is on. */
export function pieLabel(slice: PieSlice, showPercent: boolean): string {
  return showPercent ? formatPercent(slice.share, 1) : formatCurrency(slice.value);
}

/** The figure in the donut's hole: the slices' total by the same rule as their labels. */
export function pieTotal(slices: readonly PieSlice[], showPercent: boolean): string {
  return showPercent
    ? formatPercent(
        slices.reduce((sum, s) => sum + s.share, 0),
        1,
      )
    : formatCurrency(slices.reduce((sum, s) => sum + s.value, 0));
}

/** Each network metric's label, the spec's words: a Record, so a new metric without a label fails the type check. */
const METRIC_LABELS: Record<NetworkMetric, string> = {
  'tokenized-asset-value': 'Tokenized Asset Value',
  'rwa-holders': 'RWA Holders',
  'stablecoin-market-caps': 'Stablecoin Market Caps',
  'stablecoin-holders': 'Stablecoin Holders',
  'active-addresses': 'Active Addresses',
  'transfer-volume': 'Transfer Volume',
};

/** The metric tabs, in NETWORK_METRICS' order. */
export const METRIC_TABS: readonly { id: NetworkMetric; label: string }[] = NETWORK_METRICS.map((id) => ({ id, label: METRIC_LABELS[id] }));

export const isValueMetric = (metric: NetworkMetric) => VALUE_METRICS.includes(metric);

/** A value of the network chart: '$1.2B' (dollars shown in billions) for value metrics, else '1,234,567'. */
export function formatMetricValue(metric: NetworkMetric, value: number, decimals = 2): string {
  return isValueMetric(metric) ? formatCurrency(value, decimals) : formatNumber(value);
}

export interface LineSeries {
  name: string;
  color: string;
  points: { time: string; value: number }[];
}

/**
 * The line chart's series: at most `limit` networks, largest on the latest date first, one point
 * per date they appear in (sorted, de-duplicated by day). With `colorOrder` (network names, e.g.
 * by total value) a network keeps the same colour as in the pie; others take the next free ones.
 */
export function lineSeries(
  points: Pick<TimeSeriesPoint, 'date' | 'networks'>[],
  palette: readonly string[],
  limit = 15,
  colorOrder: readonly string[] = [],
): LineSeries[] {
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const latest = new Map<string, number>();
  for (const p of sorted) for (const [name, v] of Object.entries(p.networks)) if (Number.isFinite(v)) latest.set(name, v);
  const names = [...latest.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name]) => name);
  // Each line keeps its pie colour (its rank in colorOrder) while that colour is free; a network
  // ranked past the palette, or whose colour is taken, gets the first free one: no two lines share one.
  const taken = new Set<number>();
  const wanted = names.map((name) => {
    const i = colorOrder.indexOf(name);
    if (i < 0 || i >= palette.length || taken.has(i)) return -1;
    taken.add(i);
    return i;
  });
  const colorIndex = wanted.map((i) => {
    if (i >= 0) return i;
    let free = 0;
    while (taken.has(free) && free < palette.length - 1) free++;
    taken.add(free);
    return free;
  });
  return names.map((name, n) => {
    const i = colorIndex[n];
    const byDay = new Map<string, number>();
    for (const p of sorted) {
      const v = p.networks[name];
      if (typeof v === 'number' && Number.isFinite(v)) byDay.set(p.date.slice(0, 10), v);
    }
    return { name, color: palette[i % palette.length], points: [...byDay].map(([time, value]) => ({ time, value })) };
  });
}

export interface NewsItem {
  id: number | string;
  title: string;
  href: string;
  excerpt: string;
  /** ISO-8601 */
  date: string;
}

/** The five sample headlines shown when no post is published yet, dated back from `now`. */
export function fallbackNews(now: Date = new Date()): NewsItem[] {
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  return [
    { title: 'Tokenized Treasuries Pass $7 Billion as Onchain Yields Draw Institutions', hours: 2 },
    { title: 'Stablecoin Supply Tops $270 Billion, Led by USDT and USDC', hours: 9 },
    { title: 'Private Credit Protocols Report Record Active Loans', hours: 26 },
    { title: 'Tokenized Gold Gains as Commodity Products Expand Across Networks', hours: 50 },
    { title: 'New Networks Join the RWA League Table as Issuers Go Multichain', hours: 75 },
  ].map((s, i) => ({ id: `sample-${i + 1}`, title: s.title, href: '/research', excerpt: '', date: ago(s.hours) }));
}
