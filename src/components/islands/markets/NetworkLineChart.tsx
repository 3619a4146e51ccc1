import { useMemo, useRef, useState } from 'react';
import type { NetworkMetric, TimeSeriesPoint } from '#lib/shared/analytics-types.ts';
import { formatMetricValue, lineSeries } from '#lib/shared/markets.ts';
import { chartFrame, pointDateLabel, type Frame } from '#lib/shared/charts/frame.ts';
import { formatMonthLabel } from '#lib/shared/format.ts';
import { chartPalette } from '../../../../tailwind.config.mjs';
import ChartSvg from '#components/islands/charts/ChartSvg.tsx';
import ChartTooltip from '#components/islands/charts/ChartTooltip.tsx';
import SeriesSwatch from '#components/islands/charts/SeriesSwatch.tsx';
import { dashOf } from '#components/islands/charts/series-style.ts';
import { useSize } from '#components/islands/charts/use-size.ts';
import ServerDrawings, { PHONE_DRAWING } from '#components/islands/charts/ServerDrawings.tsx';
import DownloadImageButton from '#components/islands/charts/DownloadImageButton.tsx';

interface Props {
  metric: NetworkMetric;
  /** The tab's name, for the image's title. */
  metricLabel: string;
  points: TimeSeriesPoint[];
  colorOrder: string[];
  /** 'Data as of ...' for the downloaded image. */
  asOf: string;
  /** A logarithmic value axis (the page's ?log=1): lines a hundred times apart all show their shape. */
  log: boolean;
}

/** The server's drawing size before the island measures its box (the SVG scales into it). */
const INITIAL = { width: 720, height: 320 };

/** A line's path: a point with no place on the axis (zero on a log scale) breaks the line. */
function linePath(points: { time: string; value: number }[], frame: Frame): string {
  let d = '';
  let open = false;
  for (const p of points) {
    const y = frame.y(p.value);
    if (!Number.isFinite(y)) {
      open = false;
      continue;
    }
    d += `${open ? 'L' : 'M'}${frame.x(p.time).toFixed(1)} ${y.toFixed(1)}`;
    open = true;
  }
  return d;
}

/**
 * Up to 15 networks as lines on the spec's monthly axis ('Jan 25'); $B axis and tooltips for value
 * metrics. No two lines share a colour, and each has a dash pattern too, so it reads without colour.
 * Once the island runs, a legend entry is a button that shows its network alone (again: all).
 */
export default function NetworkLineChart({ metric, metricLabel, points, colorOrder, asOf, log }: Props) {
  const { ref, size, measured } = useSize(INITIAL);
  const svg = useRef<SVGSVGElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [alone, setAlone] = useState<string | null>(null);
  const all = useMemo(
    () => lineSeries(points, chartPalette, 15, colorOrder).map((s) => ({ ...s, dash: dashOf(s.color) })),
    [points, colorOrder],
  );
  // A network shown alone that the metric no longer lists shows them all again.
  const isolated = alone !== null && all.some((s) => s.name === alone) ? alone : null;
  const series = isolated === null ? all : all.filter((s) => s.name === isolated);
  const dates = useMemo(() => [...new Set(all.flatMap((s) => s.points.map((p) => p.time)))].sort(), [all]);
  const frameAt = (box: { width: number; height: number }) =>
    chartFrame({
      ...box,
      dates,
      values: series.flatMap((s) => s.points.map((p) => p.value)),
      // The spec's currency rule ($x.xxB) on the axis too.
      yLabel: (v) => formatMetricValue(metric, v, 2),
      xLabel: (d) => formatMonthLabel(`${d.slice(0, 10)}T00:00:00Z`),
      scale: log ? 'log' : 'linear',
    });
  const frame = frameAt(size);

  const hovered = hover === null ? undefined : dates[hover];
  const rows = hovered
    ? series
        .map((s) => ({ s, v: s.points.find((p) => p.time === hovered)?.value }))
        .filter((r): r is { s: (typeof series)[number]; v: number } => r.v !== undefined && Number.isFinite(r.v))
        .sort((a, b) => b.v - a.v)
        .map(({ s, v }) => ({ name: s.name, color: s.color, dash: s.dash, value: formatMetricValue(metric, v, 2) }))
    : [];

  const imageInfo = () => ({
    title: `Network Metrics: ${metricLabel}`,
    subtitle: `Monthly, ${isolated ?? 'top 15 networks'}${log ? ', logarithmic scale' : ''}`,
    legend: series.map((s) => ({ label: s.name, color: s.color, dash: s.dash })),
    source: `Source: RWA Analytics, ${location.host}/networks (methods: ${location.host}/sources)`,
    asOf,
  });

  /** The chart drawn in a frame (the measured box's, or before measuring one of the server's two). */
  const draw = (f: Frame, phone = false) => (
    <ChartSvg
      frame={f}
      dates={dates}
      label={`${metricLabel} of ${isolated ?? `the top ${series.length} networks`}, monthly${log ? ', logarithmic scale' : ''}`}
      testid={phone ? 'network-chart-phone' : 'network-chart'}
      hover={hover}
      onHover={setHover}
      live={measured}
      svgRef={phone ? undefined : svg}
      attributes={{ 'data-metric': metric, 'data-series': series.length, 'data-scale': log ? 'log' : 'linear' }}
    >
      {series.map((s) => (
        <path
          key={s.name}
          d={linePath(s.points, f)}
          fill="none"
          stroke={s.color}
          strokeWidth={2}
          strokeDasharray={s.dash || undefined}
          strokeLinejoin="round"
          data-series={s.name}
        />
      ))}
      {/* A dot where a line has a single point (it would not show), and on every line at the hovered date. */}
      {series.flatMap((s) =>
        s.points
          .filter((p) => (s.points.length === 1 || p.time === hovered) && Number.isFinite(f.y(p.value)))
          .map((p) => <circle key={`${s.name}-${p.time}`} cx={f.x(p.time)} cy={f.y(p.value)} r={3.5} fill={s.color} />),
      )}
    </ChartSvg>
  );

  return (
    <div>
      <div ref={ref} className="relative h-72 sm:h-80">
        <ServerDrawings measured={measured} wide={draw(frame)} phone={() => draw(frameAt(PHONE_DRAWING), true)} />
        {hovered && rows.length > 0 && (
          <ChartTooltip x={frame.x(hovered)} width={size.width} date={pointDateLabel(dates)(hovered)} rows={rows} />
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <ul className="flex flex-wrap gap-x-2 gap-y-1 text-xs text-muted" aria-label="Networks in the chart">
          {all.map((s) => (
            <li key={s.name} className="flex items-center" data-testid="network-legend-item">
              {/* A button once the island runs (before, it could not act): it shows its network alone, pressed; again shows all. */}
              {measured ? (
                <button
                  type="button"
                  aria-pressed={isolated === s.name}
                  aria-label={`Show only ${s.name}`}
                  onClick={() => {
                    setHover(null);
                    setAlone(isolated === s.name ? null : s.name);
                  }}
                  className={`flex min-h-6 items-center gap-1.5 rounded px-1 hover:text-fg aria-pressed:bg-surface-2 aria-pressed:text-fg ${
                    isolated !== null && isolated !== s.name ? 'line-through' : ''
                  }`}
                >
                  <SeriesSwatch color={s.color} dash={s.dash} />
                  {s.name}
                </button>
              ) : (
                <span className="flex min-h-6 items-center gap-1.5 px-1">
                  <SeriesSwatch color={s.color} dash={s.dash} />
                  {s.name}
                </span>
              )}
            </li>
          ))}
        </ul>
        <DownloadImageButton svg={svg} measured={measured} info={imageInfo} filename={`networks-${metric}.png`} className="shrink-0" />
      </div>
    </div>
  );
}
