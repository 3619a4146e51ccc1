/**
 * Several series on one time axis, as SVG geometry a server page draws without JavaScript: the
 * lines of a comparison, or the stacked bands of the class totals. The frame (frame.ts) places the
 * axes, so the labels follow the site's one set of rules. Pure.
 */
import { chartFrame, type Frame } from './frame.ts';
import { dateLabel } from '#lib/shared/open-data/chart.ts';

export interface SeriesInput {
  key: string;
  label: string;
  color: string;
  /** An SVG stroke-dasharray ('' for solid), so lines that look alike in colour differ in pattern. */
  dash?: string;
  /** Oldest first; for a stacked chart, each value is the running total of this band and those below it. */
  points: readonly { date: string; value: number }[];
}

export interface SeriesShape {
  key: string;
  label: string;
  color: string;
  dash: string;
  /** The line's "d" (empty when the series has no finite point). */
  line: string;
  /** A stacked band's outline, closed ("d"); absent for a line chart. */
  band?: string;
  /** The last point, for a label at the line's end and the description. */
  last?: { x: number; y: number; date: string; value: number };
}

export interface SeriesChart {
  width: number;
  height: number;
  frame: Frame;
  /** The union of the series' dates, oldest first. */
  dates: string[];
  series: SeriesShape[];
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The frame and each series' path in a `width` x `height` box; `stacked` draws bands from zero up. */
export function seriesChart(o: {
  width: number;
  height: number;
  series: readonly SeriesInput[];
  yLabel: (v: number) => string;
  stacked?: boolean;
  fromZero?: boolean;
  fontPx?: number;
}): SeriesChart {
  const finite = o.series.map((s) => s.points.filter((p) => Number.isFinite(p.value)));
  const dates = [...new Set(finite.flatMap((ps) => ps.map((p) => p.date.slice(0, 10))))].sort();
  const frame = chartFrame({
    width: o.width,
    height: o.height,
    dates,
    values: finite.flat().map((p) => p.value),
    yLabel: o.yLabel,
    xLabel: dateLabel,
    fromZero: o.fromZero,
    fontPx: o.fontPx,
  });
  const series = o.series.map((s, i): SeriesShape => {
    const ps = finite[i];
    const line = linePath(ps, frame);
    const end = ps.at(-1);
    const shape: SeriesShape = {
      key: s.key,
      label: s.label,
      color: s.color,
      dash: s.dash ?? '',
      line,
      last: end && { x: r1(frame.x(end.date.slice(0, 10))), y: r1(frame.y(end.value)), date: end.date.slice(0, 10), value: end.value },
    };
    if (o.stacked && ps.length) shape.band = bandPath(ps, i === 0 ? null : finite[i - 1], frame);
    return shape;
  });
  return { width: o.width, height: o.height, frame, dates, series };
}

type Point = { date: string; value: number };
const at = (frame: Frame) => (p: Point) => `${r1(frame.x(p.date.slice(0, 10)))} ${r1(frame.y(p.value))}`;

/** A line through the points, in order ('' without points). */
export const linePath = (points: readonly Point[], frame: Frame): string => (points.length ? `M${points.map(at(frame)).join(' L')}` : '');

/**
 * A stacked band: its running total on top, and underneath the band below's running total (or the
 * zero line for the first band), so each class fills only its own share.
 */
export function bandPath(top: readonly Point[], below: readonly Point[] | null, frame: Frame): string {
  const xy = at(frame);
  const under = below
    ? [...below].reverse().map(xy)
    : [xy({ date: top[top.length - 1].date, value: 0 }), xy({ date: top[0].date, value: 0 })];
  return `M${[...top.map(xy), ...under].join(' L')} Z`;
}

/**
 * Each series as an index: 100 on the first date all of them have a value, so a comparison reads
 * growth rather than size. A series with no value on that date (or a zero there) cannot be indexed
 * and comes back empty, with the reason.
 */
export function indexed(series: readonly { key: string; points: readonly { date: string; value: number }[] }[]): {
  base: string | null;
  series: { key: string; points: { date: string; value: number }[]; unknown?: string }[];
} {
  const sets = series.map((s) => new Set(s.points.filter((p) => Number.isFinite(p.value) && p.value !== 0).map((p) => p.date)));
  const common = sets.length ? [...sets[0]].filter((d) => sets.every((set) => set.has(d))).sort() : [];
  const base = common[0] ?? null;
  return {
    base,
    series: series.map((s) => {
      const start = base === null ? undefined : s.points.find((p) => p.date === base);
      if (!start)
        return { key: s.key, points: [], unknown: 'no date on which every compared product has a figure, so there is no common base' };
      return {
        key: s.key,
        points: s.points
          .filter((p) => p.date >= start.date && Number.isFinite(p.value))
          .map((p) => ({ date: p.date, value: Math.round((p.value / start.value) * 100 * 100) / 100 })),
      };
    }),
  };
}

/** Greedy word wrap of one line of text to a pixel width (the frame's label width estimate). */
export function wrapText(text: string, maxPx: number, width: (t: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && width(next) > maxPx) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
