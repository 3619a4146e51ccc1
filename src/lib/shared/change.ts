/**
 * The one change over days (24 hours, 7 days, 30 days) of every page, table, download and API
 * answer: computed here, from one series, and nowhere else. A page that showed a change computed
 * its own way could give one product two different 7-day changes.
 *
 * A series is a value per UTC day (YYYY-MM-DD). The change is from the series' latest known day on
 * or before `days` before `asOf`, to its value on `asOf`. A gap on the exact day reaches back to the
 * latest earlier day, never further than twice the span (so a 7-day change is never a quarter's);
 * the answer names the two days it compares. Unknown is null, with why, never 0: no figure on the
 * day, none early enough, or a base of zero (a change from nothing is not a percent).
 */
import { shiftDay } from './utc-day.ts';

/** A value per day; null or a missing day is unknown that day. */
export type DaySeries = ReadonlyMap<string, number | null | undefined>;

export type Change =
  | { value: number; from: string; to: string }
  | { value: null; why: 'no figure on the day' | 'no earlier figure' | 'a zero base'; from: string | null; to: string };

const known = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** The change in percent (2 decimals) of `series` over `days` days ending on `asOf`. */
export function changeOver(series: DaySeries, asOf: string, days: number): Change {
  const now = series.get(asOf);
  if (!known(now)) return { value: null, why: 'no figure on the day', from: null, to: asOf };
  const latest = shiftDay(asOf, -days);
  const earliest = shiftDay(asOf, -2 * days);
  let from: string | undefined;
  for (const [day, v] of series) if (day <= latest && day >= earliest && known(v) && (from === undefined || day > from)) from = day;
  if (from === undefined) return { value: null, why: 'no earlier figure', from: null, to: asOf };
  const base = series.get(from)!;
  if (base === 0) return { value: null, why: 'a zero base', from, to: asOf };
  return { value: Number((((now - base) / base) * 100).toFixed(2)), from, to: asOf };
}

/** A series from days and a lookup per day (a grid's column, a table's rows). */
export function seriesOf(days: Iterable<string>, at: (day: string) => number | null | undefined): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const d of days) out.set(d, at(d) ?? null);
  return out;
}
