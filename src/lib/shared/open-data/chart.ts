/**
 * A line chart as SVG geometry, computed on the server so the history reads without JavaScript.
 * Units follow the values (formatCurrency / formatCount pick K, M or B), and axis dates fit the
 * range (days for a short range, months for a long one). Pure.
 */
import { formatCount, formatCurrency, formatDateTick } from '#lib/shared/format.ts';
import { chartFrame } from '#lib/shared/charts/frame.ts';

export interface ChartPoint {
  date: string;
  value: number;
}
export interface LineChart {
  width: number;
  height: number;
  /** The polyline's "d", empty without points. */
  path: string;
  /** Left and right edges of the plot: the value labels end left of it, the grid lines span it. */
  plot: { left: number; right: number };
  yTicks: { y: number; label: string }[];
  /** anchor keeps the first and last labels inside the box. */
  xTicks: { x: number; label: string; anchor: 'start' | 'middle' | 'end' }[];
  /** Each point with its position, for titles and markers. */
  dots: { x: number; y: number; date: string; label: string }[];
}

/** Axis label of a value in its kind: dollars ($350.00K, $2.20B) or a count (1.2K). */
export function unitLabel(value: number, kind: 'usd' | 'count'): string {
  return kind === 'usd' ? formatCurrency(value) : formatCount(value, Math.abs(value) >= 1e3 ? 1 : 0);
}

/** '12 Sep' within a span of up to ~4 months, 'Sep 2025' beyond (format.ts formatDateTick). */
export function dateLabel(date: string, spanDays: number): string {
  return formatDateTick(date, spanDays <= 120 ? 'day' : 'month');
}

/**
 * Sized for a third of a desktop row or a phone's width (the SVG scales with its box): the
 * frame (src/lib/shared/charts/frame.ts) places the labels so none overlaps another.
 */
export function lineChart(points: readonly ChartPoint[], kind: 'usd' | 'count', width = 360, height = 220): LineChart {
  const finite = points.filter((p) => Number.isFinite(p.value));
  if (finite.length === 0) return { width, height, path: '', plot: { left: 0, right: width }, yTicks: [], xTicks: [], dots: [] };
  const f = chartFrame({
    width,
    height,
    dates: finite.map((p) => p.date),
    values: finite.map((p) => p.value),
    yLabel: (v) => unitLabel(v, kind),
    xLabel: dateLabel,
  });
  const round = (n: number) => Math.round(n * 10) / 10;
  const dots = finite.map((p) => ({ x: round(f.x(p.date)), y: round(f.y(p.value)), date: p.date, label: unitLabel(p.value, kind) }));
  const path = dots.map((d, i) => `${i ? 'L' : 'M'}${d.x} ${d.y}`).join(' ');
  return {
    width,
    height,
    path,
    plot: { left: f.pad.left, right: width - f.pad.right },
    yTicks: f.yTicks.map((t) => ({ y: t.y, label: t.label })),
    xTicks: f.xTicks,
    dots,
  };
}
