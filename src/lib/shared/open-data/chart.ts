/**
 * A line chart as SVG geometry, computed on the server so the history reads without JavaScript.
 * Units follow the values (formatCurrency / formatCount pick K, M or B), and axis dates fit the
 * range (days for a short range, months for a long one). Pure.
 */
import { formatCount, formatCurrency, formatDateTick } from '#lib/shared/format.ts';

export interface ChartPoint {
  date: string;
  value: number;
}
export interface LineChart {
  width: number;
  height: number;
  /** The polyline's "d", empty without points. */
  path: string;
  yTicks: { y: number; label: string }[];
  /** anchor keeps the first and last labels inside the box. */
  xTicks: { x: number; label: string; anchor: 'start' | 'middle' | 'end' }[];
  /** Each point with its position, for titles and markers. */
  dots: { x: number; y: number; date: string; label: string }[];
}

// Sized for a third of a desktop row or a phone's width: labels stay readable when the SVG scales.
const PAD = { left: 58, right: 10, top: 10, bottom: 24 };

/** Axis label of a value in its kind: dollars ($350.00K, $2.20B) or a count (1.2K). */
export function unitLabel(value: number, kind: 'usd' | 'count'): string {
  return kind === 'usd' ? formatCurrency(value) : formatCount(value, Math.abs(value) >= 1e3 ? 1 : 0);
}

/** '12 Sep' within a span of up to ~4 months, 'Sep 2025' beyond (format.ts formatDateTick). */
export function dateLabel(date: string, spanDays: number): string {
  return formatDateTick(date, spanDays <= 120 ? 'day' : 'month');
}

/** "Nice" step for about `count` ticks over `span` (1, 2 or 5 times a power of ten). */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const f = raw / pow;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * pow;
}

export function lineChart(points: readonly ChartPoint[], kind: 'usd' | 'count', width = 360, height = 220): LineChart {
  const innerW = width - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const finite = points.filter((p) => Number.isFinite(p.value));
  if (finite.length === 0) return { width, height, path: '', yTicks: [], xTicks: [], dots: [] };
  const values = finite.map((p) => p.value);
  let lo = Math.min(0, ...values);
  let hi = Math.max(...values);
  if (hi === lo) hi = lo + (Math.abs(lo) || 1);
  const step = niceStep(hi - lo, 4);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const t0 = Date.parse(finite[0].date);
  const t1 = Date.parse(finite[finite.length - 1].date);
  const spanMs = Math.max(t1 - t0, 1);
  const x = (date: string) => PAD.left + (finite.length === 1 ? innerW / 2 : ((Date.parse(date) - t0) / spanMs) * innerW);
  const y = (v: number) => PAD.top + innerH - ((v - lo) / (hi - lo)) * innerH;
  const round = (n: number) => Math.round(n * 10) / 10;
  const dots = finite.map((p) => ({ x: round(x(p.date)), y: round(y(p.value)), date: p.date, label: unitLabel(p.value, kind) }));
  const path = dots.map((d, i) => `${i ? 'L' : 'M'}${d.x} ${d.y}`).join(' ');
  const yTicks: LineChart['yTicks'] = [];
  for (let v = lo; v <= hi + step / 2; v += step) yTicks.push({ y: round(y(v)), label: unitLabel(Number(v.toPrecision(12)), kind) });
  const spanDays = spanMs / 86_400_000;
  const xCount = Math.min(finite.length, 3);
  const xTicks: LineChart['xTicks'] = [];
  const seen = new Set<string>();
  for (let i = 0; i < xCount; i++) {
    const p = finite[Math.round((i * (finite.length - 1)) / Math.max(1, xCount - 1))];
    const label = dateLabel(p.date, spanDays);
    if (seen.has(label)) continue;
    seen.add(label);
    const px = round(x(p.date));
    const anchor = px - PAD.left < 30 ? 'start' : width - PAD.right - px < 30 ? 'end' : 'middle';
    xTicks.push({ x: px, label, anchor });
  }
  return { width, height, path, yTicks, xTicks, dots };
}
