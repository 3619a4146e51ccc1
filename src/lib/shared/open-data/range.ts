import { shiftDay } from '#lib/shared/utc-day.ts';

/**
 * The history range of an open-data page, read from `?range=` (so a link or a download carries
 * it), and the explicit `from`/`to` of the history endpoints. Pure.
 */
export const RANGES = ['30d', '90d', '1y', 'all'] as const;
export type Range = (typeof RANGES)[number];
export const DEFAULT_RANGE: Range = '90d';
const RANGE_DAYS: Record<Range, number | null> = { '30d': 30, '90d': 90, '1y': 365, all: null };

/** A bad or missing value reads as the default (a page never fails on its query string). */
export function readRange(value: string | null | undefined): Range {
  return (RANGES as readonly string[]).includes(value ?? '') ? (value as Range) : DEFAULT_RANGE;
}

/** The first date (YYYY-MM-DD, inclusive) of a range ending with `asOf`; undefined for 'all'. */
export function rangeStart(range: Range, asOf: string): string | undefined {
  const days = RANGE_DAYS[range];
  if (days === null) return undefined;
  return shiftDay(asOf, -(days - 1));
}

/** Points with from <= date <= to (either bound optional), in their order. */
export function clip<T extends { date: string }>(points: readonly T[], from?: string, to?: string): T[] {
  return points.filter((p) => (from === undefined || p.date >= from) && (to === undefined || p.date <= to));
}
