import { useMemo, useRef, useState } from 'react';
import type { NetworkMetric, TimeSeriesPoint } from '#lib/shared/analytics-types.ts';
import { formatMetricValue, lineSeries } from '#lib/shared/markets.ts';
import { chartFrame, pointDateLabel } from '#lib/shared/charts/frame.ts';
import { formatMonthLabel } from '#lib/shared/format.ts';
import { chartPalette } from '../../../../tailwind.config.mjs';
import ChartSvg from '#components/islands/charts/ChartSvg.tsx';
import ChartTooltip from '#components/islands/charts/ChartTooltip.tsx';
import SeriesSwatch from '#components/islands/charts/SeriesSwatch.tsx';
import { dashOf } from '#components/islands/charts/series-style.ts';
import { useSize } from '#components/islands/charts/use-size.ts';
import DownloadImageButton from '#components/islands/charts/DownloadImageButton.tsx';

interface Props {
  metric: NetworkMetric;
  /** The tab's name, for the image's title. */
  metricLabel: string;
  points: TimeSeriesPoint[];
  colorOrder: string[];
  /** 'Data as of ...' for the downloaded image. */
  asOf: string;
}

/** The server's drawing size before the island measures its box (the SVG scales into it). */
const INITIAL = { width: 720, height: 320 };

/**
 * Up to 15 networks as lines on the spec's monthly axis ('Jan 25'); $B axis and tooltips for value
 * metrics. No two lines share a colour, and each has a dash pattern too, so it reads without colour.
 */
export default function NetworkLineChart({ metric, metricLabel, points, colorOrder, asOf }: Props) {
  const { ref, size, measured } = useSize(INITIAL);
  const svg = useRef<SVGSVGElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const series = useMemo(
    () => lineSeries(points, chartPalette, 15, colorOrder).map((s) => ({ ...s, dash: dashOf(s.color) })),
    [points, colorOrder],
  );
  const dates = useMemo(() => [...new Set(series.flatMap((s) => s.points.map((p) => p.time)))].sort(), [series]);
  const frame = chartFrame({
    ...size,
    dates,
    values: series.flatMap((s) => s.points.map((p) => p.value)),
    yLabel: (v) => formatMetricValue(metric, v, 1),
    xLabel: (d) => formatMonthLabel(`${d.slice(0, 10)}T00:00:00Z`),
  });

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
    subtitle: 'Monthly, top 15 networks',
    legend: series.map((s) => ({ label: s.name, color: s.color, dash: s.dash })),
    source: `Source: RWA Analytics, ${location.host}/networks (methods: ${location.host}/sources)`,
    asOf,
  });

  return (
    <div>
      <div ref={ref} className="relative h-72 sm:h-80">
        <ChartSvg
          frame={frame}
          dates={dates}
          label={`${metricLabel} of the top ${series.length} networks, monthly`}
          testid="network-chart"
          hover={hover}
          onHover={setHover}
          live={measured}
          svgRef={svg}
          attributes={{ 'data-metric': metric, 'data-series': series.length }}
        >
          {series.map((s) => (
            <path
              key={s.name}
              d={s.points.map((p, i) => `${i ? 'L' : 'M'}${frame.x(p.time).toFixed(1)} ${frame.y(p.value).toFixed(1)}`).join(' ')}
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
              .filter((p) => s.points.length === 1 || p.time === hovered)
              .map((p) => <circle key={`${s.name}-${p.time}`} cx={frame.x(p.time)} cy={frame.y(p.value)} r={3.5} fill={s.color} />),
          )}
        </ChartSvg>
        {hovered && rows.length > 0 && (
          <ChartTooltip x={frame.x(hovered)} width={size.width} date={pointDateLabel(dates)(hovered)} rows={rows} />
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted" aria-label="Networks in the chart">
          {series.map((s) => (
            <li key={s.name} className="flex items-center gap-1.5" data-testid="network-legend-item">
              <SeriesSwatch color={s.color} dash={s.dash} />
              {s.name}
            </li>
          ))}
        </ul>
        <DownloadImageButton svg={svg} measured={measured} info={imageInfo} filename={`networks-${metric}.png`} className="shrink-0" />
      </div>
    </div>
  );
}
