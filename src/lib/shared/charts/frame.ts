/**
 * The frame of every chart on the site: where a date and a value land in a box of a given pixel
 * size, and which axis labels fit it. Server-rendered SVG charts and the chart islands draw from
 * it, so the rules (labels never overlap, the value axis has at least two distinct labels, the
 * left margin is as wide as the widest value label) hold in one place. Pure: no DOM.
 */
import { formatDateTick, formatDay } from '#lib/shared/format.ts';

export interface Pad {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface XTick {
  x: number;
  label: string;
  /** How the label hangs on x: the first and last labels stay inside the box. */
  anchor: 'start' | 'middle' | 'end';
}

export interface YTick {
  y: number;
  value: number;
  label: string;
}

export interface Frame {
  width: number;
  height: number;
  pad: Pad;
  /** The value range drawn, after rounding out to whole ticks. */
  lo: number;
  hi: number;
  /** Pixel x of a 'YYYY-MM-DD' date, pixel y of a value. */
  x: (date: string) => number;
  y: (value: number) => number;
  xTicks: XTick[];
  yTicks: YTick[];
}

export interface FrameOptions {
  width: number;
  height: number;
  /** The dates drawn, 'YYYY-MM-DD' (or longer ISO), oldest first. */
  dates: readonly string[];
  /** Every value drawn (for a stacked chart, the running totals). */
  values: readonly number[];
  yLabel: (value: number) => string;
  /** An x label for a date, given the span of the dates in days. */
  xLabel: (date: string, spanDays: number) => string;
  /** Axis text size in px (12 by default). */
  fontPx?: number;
  /** Keep zero in the value range (true by default: amounts and counts read from zero). */
  fromZero?: boolean;
  /**
   * 'log': values on a base-10 logarithmic axis (ticks at powers of ten), where lines of very
   * different sizes all show their shape; zero and negative values have no place on it (y gives NaN).
   */
  scale?: 'linear' | 'log';
}

/**
 * Width of a label in px, a little over the real width of the site's sans-serif at `fontPx`
 * (digits and capitals run about 0.6 em), so labels placed this far apart never touch.
 */
export const labelWidth = (text: string, fontPx = 12) => Math.ceil(text.length * fontPx * 0.62);

/** Space between two x labels, and between the value labels and the plot. */
const GAP = 10;

/** "Nice" step for about `count` ticks over `span` (1, 2 or 5 times a power of ten). */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const f = raw / pow;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * pow;
}

/**
 * The value axis: about `count` round ticks over [lo, hi], widened to whole steps. When two ticks
 * would read the same (a formatter rounding small steps away: "$0.00", "$0.00"), fewer, larger
 * steps are taken, down to two ticks, so the axis never shows one label repeated.
 */
export function valueTicks(
  lo: number,
  hi: number,
  count: number,
  format: (v: number) => string,
): { lo: number; hi: number; ticks: { value: number; label: string }[] } {
  if (hi === lo) hi = lo + (Math.abs(lo) || 1);
  for (let n = Math.max(2, count); ; n--) {
    const step = niceStep(hi - lo, n);
    const from = Math.floor(lo / step) * step;
    const to = Math.ceil(hi / step) * step;
    const ticks: { value: number; label: string }[] = [];
    for (let v = from; v <= to + step / 2; v += step) {
      const value = Number(v.toPrecision(12));
      ticks.push({ value, label: format(value) });
    }
    if (new Set(ticks.map((t) => t.label)).size === ticks.length || n <= 1) return { lo: from, hi: to, ticks };
  }
}

/**
 * A logarithmic value axis over the positive range [lo, hi]: ticks at powers of ten, every decade or,
 * when there are more than `count`, every 2nd, 5th... decade; at least two ticks (one decade more
 * when the values sit inside a single one), the range widened to the outer ticks.
 */
export function logTicks(
  lo: number,
  hi: number,
  count: number,
  format: (v: number) => string,
): { lo: number; hi: number; ticks: { value: number; label: string }[] } {
  const a = Math.floor(Math.log10(lo));
  let b = Math.ceil(Math.log10(hi));
  if (b <= a) b = a + 1;
  const stride =
    [1, 2, 3, 5, 10].find((s) => Math.ceil((b - a) / s) + 1 <= Math.max(2, count)) ?? Math.ceil((b - a) / Math.max(1, count - 1));
  const top = a + Math.ceil((b - a) / stride) * stride;
  const ticks: { value: number; label: string }[] = [];
  for (let e = a; e <= top; e += stride) {
    const value = Number((10 ** e).toPrecision(12));
    ticks.push({ value, label: format(value) });
  }
  return { lo: ticks[0].value, hi: ticks[ticks.length - 1].value, ticks };
}

const DAY_MS = 86_400_000;
const time = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** Month strides to try, smallest first: every month, every 2nd, quarter, 4, half-year, year, 2 years... */
const MONTH_STRIDES = [1, 2, 3, 4, 6, 12, 24, 60, 120];

/**
 * Places labels on the x axis so that none overlaps another or leaves the box. A range of more
 * than ~4 months is labelled at month starts (every month, or every 2nd, 3rd... month aligned to
 * January, whichever is the first to fit); a shorter one at its dates, dropping any label too
 * close to the one before it.
 */
export function timeTicks(
  dates: readonly string[],
  x: (date: string) => number,
  bounds: { left: number; right: number },
  label: (date: string) => string,
  spanDays: number,
  fontPx = 12,
): XTick[] {
  const place = (date: string): XTick & { from: number; to: number } => {
    const text = label(date);
    const w = labelWidth(text, fontPx);
    const px = Math.round(x(date) * 10) / 10;
    const anchor = px - w / 2 < bounds.left ? 'start' : px + w / 2 > bounds.right ? 'end' : 'middle';
    const from = anchor === 'start' ? px : anchor === 'end' ? px - w : px - w / 2;
    return { x: px, label: text, anchor, from, to: from + w };
  };
  const fits = (ticks: { from: number; to: number }[]) => ticks.every((t, i) => i === 0 || t.from >= ticks[i - 1].to + GAP);
  const strip = (ticks: (XTick & { from: number; to: number })[]): XTick[] => ticks.map(({ x, label, anchor }) => ({ x, label, anchor }));

  if (dates.length === 0) return [];
  if (spanDays > 120) {
    // The first date seen in each month stands for the month start.
    const firsts = new Map<number, string>();
    for (const d of dates) if (!firsts.has(monthIndex(d))) firsts.set(monthIndex(d), d);
    for (const stride of MONTH_STRIDES) {
      const ticks = [...firsts].filter(([m]) => m % stride === 0).map(([, d]) => place(d));
      if (ticks.length > 0 && fits(ticks)) return strip(ticks);
    }
    return strip([place(dates[0])]);
  }
  // A short range: its own dates, greedily from the first; the last date is labelled too (the
  // latest figure is the one people look for), in place of the labels it would touch.
  const kept: (XTick & { from: number; to: number })[] = [];
  for (const d of dates) {
    const t = place(d);
    if (kept.some((k) => k.label === t.label)) continue;
    if (kept.length === 0 || t.from >= kept[kept.length - 1].to + GAP) kept.push(t);
  }
  const last = place(dates[dates.length - 1]);
  if (kept[kept.length - 1].label !== last.label) {
    while (kept.length > 1 && last.from < kept[kept.length - 1].to + GAP) kept.pop();
    if (last.from >= kept[kept.length - 1].to + GAP) kept.push(last);
  }
  return strip(kept);
}

/** The frame of a chart: scales, padding sized to the labels, and the ticks that fit. */
export function chartFrame(o: FrameOptions): Frame {
  const fontPx = o.fontPx ?? 12;
  const log = o.scale === 'log';
  const finite = o.values.filter((v) => Number.isFinite(v) && (!log || v > 0));
  const lo0 = finite.length ? Math.min(o.fromZero === false || log ? Infinity : 0, ...finite) : log ? 1 : 0;
  const hi0 = finite.length ? Math.max(...finite) : log ? 10 : 1;
  // About one value label per 45 px of height, at most 5.
  const plotGuess = o.height - fontPx * 2 - 16;
  const count = Math.min(5, Math.max(2, Math.floor(plotGuess / 45)));
  const { lo, hi, ticks } = log ? logTicks(lo0, hi0, count, o.yLabel) : valueTicks(lo0, hi0, count, o.yLabel);
  const widest = Math.max(0, ...ticks.map((t) => labelWidth(t.label, fontPx)));
  // Below the plot: the date labels, clear of the lowest value label (which hangs half a line below the plot).
  const pad: Pad = { left: widest + GAP, right: 8, top: fontPx + 2, bottom: fontPx * 2 + 4 };
  const innerW = Math.max(1, o.width - pad.left - pad.right);
  const innerH = Math.max(1, o.height - pad.top - pad.bottom);
  const t0 = o.dates.length ? time(o.dates[0]) : 0;
  const t1 = o.dates.length ? time(o.dates[o.dates.length - 1]) : 0;
  const spanMs = Math.max(t1 - t0, 1);
  const x = (date: string) => pad.left + (o.dates.length <= 1 ? innerW / 2 : ((time(date) - t0) / spanMs) * innerW);
  const y = log
    ? (v: number) => (v > 0 ? pad.top + innerH - ((Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * innerH : NaN)
    : (v: number) => pad.top + innerH - ((v - lo) / (hi - lo)) * innerH;
  const spanDays = (t1 - t0) / DAY_MS;
  const xTicks = timeTicks(o.dates, x, { left: 0, right: o.width }, (d) => o.xLabel(d, spanDays), spanDays, fontPx);
  const yTicks = ticks.map((t) => ({ y: Math.round(y(t.value) * 10) / 10, value: t.value, label: t.label }));
  return { width: o.width, height: o.height, pad, lo, hi, x, y, xTicks, yTicks };
}

/**
 * How a tooltip or readout names one point's date: a monthly series by its month ('Sep 2025'), a
 * daily one by its day ('15 Nov 2026'), so a day's figure never reads as the whole month's.
 */
export function pointDateLabel(dates: readonly string[]): (date: string) => string {
  const monthly = dates.length >= 2 && (time(dates[dates.length - 1]) - time(dates[0])) / (dates.length - 1) >= 28 * DAY_MS;
  return (date) => (monthly ? formatDateTick(date.slice(0, 10), 'month') : formatDay(date.slice(0, 10)));
}
