import { useEffect, useRef, useState } from 'react';
import type { MouseEventParams, Time } from 'lightweight-charts';
import type { NetworkMetric, TimeSeriesPoint } from '#lib/shared/analytics-types.ts';
import { formatMetricValue, lineSeries } from '#lib/shared/markets.ts';
import { chartPalette } from '../../../../tailwind.config.mjs';
import { monthLabel, useChart } from './use-chart.ts';

interface Props {
  metric: NetworkMetric;
  points: TimeSeriesPoint[];
  colorOrder: string[];
}

interface Tip {
  x: number;
  /** The chart's width when the crosshair moved: refs are read in handlers, not while rendering. */
  width: number;
  date: string;
  rows: { name: string; color: string; value: string }[];
}

/** Up to 15 networks as lines on a monthly axis; $B axis and tooltips for value metrics. */
export default function NetworkLineChart({ metric, points, colorOrder }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const handle = useChart(container, {
    localization: {
      priceFormatter: (v: number) => formatMetricValue(metric, v, 1),
      timeFormatter: (t: Time) => monthLabel(t),
    },
  });
  const [tip, setTip] = useState<Tip | null>(null);
  const series = lineSeries(points, chartPalette, 15, colorOrder);

  useEffect(() => {
    if (!handle) return;
    const { chart, lib } = handle;
    const made = series.map((s) => {
      const api = chart.addSeries(lib.LineSeries, {
        color: s.color,
        lineWidth: 2,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerRadius: 3,
      });
      api.setData(s.points);
      return { api, s };
    });
    chart.timeScale().fitContent();
    const onMove = (param: MouseEventParams<Time>) => {
      if (!param.point || param.time === undefined) return setTip(null);
      const rows = made
        .map(({ api, s }) => {
          const d = param.seriesData.get(api) as { value?: number } | undefined;
          return { name: s.name, color: s.color, raw: d?.value ?? NaN };
        })
        .filter((r) => Number.isFinite(r.raw))
        .sort((a, b) => b.raw - a.raw)
        .slice(0, 6)
        .map((r) => ({ name: r.name, color: r.color, value: formatMetricValue(metric, r.raw, 2) }));
      setTip({ x: param.point.x, width: container.current?.clientWidth ?? 300, date: monthLabel(param.time), rows });
    };
    chart.subscribeCrosshairMove(onMove);
    return () => {
      if (handle.disposed) return;
      chart.unsubscribeCrosshairMove(onMove);
      made.forEach(({ api }) => chart.removeSeries(api));
    };
    // `series` is derived from `points` and `metric`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle, points, metric]);

  return (
    <div>
      <div className="relative h-72 sm:h-80">
        {!handle && (
          <div className="absolute inset-0 flex items-center justify-center rounded-md bg-surface-2 text-sm text-muted">
            Loading chart data...
          </div>
        )}
        <div ref={container} className="h-full w-full" data-testid="network-chart" data-metric={metric} data-series={series.length} />
        {tip && tip.rows.length > 0 && (
          <div
            role="status"
            className="pointer-events-none absolute top-2 z-10 min-w-44 rounded-md border border-border bg-surface/95 p-2 text-xs shadow-lg"
            style={{ left: Math.min(Math.max(tip.x + 12, 4), Math.max(tip.width - 200, 4)) }}
            data-testid="chart-tooltip"
          >
            <p className="mb-1 font-medium text-fg">{tip.date}</p>
            {tip.rows.map((r) => (
              <p key={r.name} className="flex items-center justify-between gap-3">
                <span className="flex items-center gap-1.5 text-muted">
                  <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: r.color }} />
                  {r.name}
                </span>
                <span className="text-fg tabular-nums">{r.value}</span>
              </p>
            ))}
          </div>
        )}
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted" aria-label="Networks in the chart">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-1.5">
            <span aria-hidden className="h-0.5 w-3 rounded" style={{ backgroundColor: s.color }} />
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
