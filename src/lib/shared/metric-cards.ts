/** The market pages' summary cards: live changes or the snapshot's fixed texts, and dollar formatting. */
import type { ChangeType, ChartDataPoint, MarketOverview, MetricIcon } from './analytics-types.ts';
import { formatCurrency } from './format.ts';
import { CHART_LAYERS, type AssetClassKey } from './markets.ts';

/** One summary card as MetricCards.astro renders it. */
export interface MetricCardData {
  title: string;
  value: string;
  change?: string;
  changeType?: ChangeType;
  icon: MetricIcon;
  period?: string;
  /** What the value counts, when a reader could take it for another count. */
  note?: string;
}

/** A metric card's change: the live figure when there is a live run, else the snapshot's fixed text. */
export function cardChange(
  overview: MarketOverview,
  key: keyof NonNullable<MarketOverview['changes30d']>,
  snapshot: string,
): { change: string; changeType: ChangeType } {
  if (!overview.changes30d) return { change: snapshot, changeType: snapshot.startsWith('-') ? 'negative' : 'positive' };
  const v = overview.changes30d[key];
  if (v === null) return { change: '', changeType: 'neutral' };
  return { change: `${v > 0 ? '+' : ''}${v.toFixed(2)}%`, changeType: v > 0 ? 'positive' : v < 0 ? 'negative' : 'neutral' };
}

/** A card's figure formatted, or 'unknown' when there is none (never a made-up $0.00). */
export const orUnknown = <T>(value: T | null, format: (v: T) => string): string => (value === null ? 'unknown' : format(value));

/** Dollars as the cards show them: in billions at scale, exact below (a small live registry). */
export function cardDollars(
  value: string | number,
  billions: (v: string | number) => string,
  exact: (v: string | number) => string,
): string {
  return Number(value) >= 5e7 ? billions(value) : exact(value);
}

/**
 * The stacked chart's legend for a live run: each class's value on the last date ('350.00K'),
 * undefined for the snapshot (whose legend is the spec's fixed figures).
 */
export function liveChartLegends(overview: MarketOverview, data: ChartDataPoint[]): Partial<Record<AssetClassKey, string>> | undefined {
  const last = data.at(-1);
  if (!overview.changes30d || !last) return undefined;
  return Object.fromEntries(CHART_LAYERS.map((l) => [l.key, formatCurrency(Number(last[l.key]) * 1e9).replace('$', '')]));
}
