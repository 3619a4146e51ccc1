import { useEffect, useRef, useState } from 'react';
import type { AutoscaleInfo, ISeriesApi, MouseEventParams, SeriesType, Time } from 'lightweight-charts';
import { Download } from 'lucide-react';
import type { ChartDataPoint } from '#lib/shared/analytics-types.ts';
import { CHART_LAYERS, stackChartData, type AssetClassKey } from '#lib/shared/markets.ts';
import { assetClassColors } from '../../../../tailwind.config.mjs';
import { formatCompactUsd } from '#lib/shared/format.ts';
import { monthLabel, useChart } from './use-chart.ts';
import Switch from '#components/islands/ui/Switch.tsx';
import { DEFAULT_HOME_VIEW, viewHref, type HomeView } from '#lib/shared/view-state.ts';
import { replaceParam } from '#lib/client/url-state.ts';

interface Props {
  data: ChartDataPoint[];
  /** The page's view from its URL: whether stablecoins are included, and what the toggle's form carries. */
  view: HomeView;
  /** Legend values of a live run (its last date); without them the spec's fixed legend is shown. */
  legends?: Partial<Record<AssetClassKey, string>>;
}

/** Hex colour with an alpha byte, for the area fills. */
const withAlpha = (hex: string, alpha: string) => `${hex}${alpha}`;

/**
 * The home page's stacked 'Total RWA Value' chart in $B: one area per asset class, each drawn at
 * the running sum of the classes below it. Stablecoins (an order of magnitude larger) start excluded.
 */
export default function RwaValueChart({ data, view, legends }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const handle = useChart(container, {
    // The chart's values are in billions; the axis and readout pick the unit that fits (K, M, B).
    localization: { priceFormatter: (v: number) => formatCompactUsd(v * 1e9, 1) },
  });
  const [includeStablecoins, setIncludeStablecoins] = useState(view.stablecoins);
  const [downloading, setDownloading] = useState(false);
  const layers = stackChartData(data, includeStablecoins);
  const totals = layers.at(-1)?.points ?? [];
  const latest = totals.at(-1);
  // The crosshair's month and stacked total; the latest month when the pointer is elsewhere.
  const [hover, setHover] = useState<{ time: unknown; value: number } | null>(null);
  const readout = hover ?? latest;

  useEffect(() => {
    if (!handle) return;
    const { chart, lib } = handle;
    const series: ISeriesApi<SeriesType>[] = [];
    // Top layer first: later series paint over earlier ones, so each lower area shows in front.
    for (const layer of [...layers].reverse()) {
      const color = assetClassColors[layer.key];
      const s = chart.addSeries(lib.AreaSeries, {
        lineColor: color,
        topColor: withAlpha(color, 'cc'),
        bottomColor: withAlpha(color, '99'),
        lineWidth: 1,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
        // A stacked chart reads from zero: keep the baseline in view whatever the data's minimum.
        autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
          const info = original();
          if (info?.priceRange) info.priceRange.minValue = 0;
          return info;
        },
      });
      s.setData(layer.points);
      series.push(s);
    }
    chart.timeScale().fitContent();
    const top = series[0];
    const onMove = (param: MouseEventParams<Time>) => {
      const d = top && param.point ? (param.seriesData.get(top) as { value?: number } | undefined) : undefined;
      setHover(d?.value !== undefined && param.time !== undefined ? { time: param.time, value: d.value } : null);
    };
    chart.subscribeCrosshairMove(onMove);
    return () => {
      if (handle.disposed) return;
      chart.unsubscribeCrosshairMove(onMove);
      series.forEach((s) => chart.removeSeries(s));
    };
    // `layers` is derived from `data` and `includeStablecoins`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle, data, includeStablecoins]);

  function toggleStablecoins(include: boolean) {
    setIncludeStablecoins(include);
    replaceParam('stablecoins', include, DEFAULT_HOME_VIEW.stablecoins);
  }

  function download() {
    if (!handle) return;
    setDownloading(true);
    handle.chart.takeScreenshot().toBlob((blob) => {
      setDownloading(false);
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'rwa-chart.png';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }, 'image/png');
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Before hydration or without JavaScript the switch is a link to the page with the other state. */}
        <Switch
          id="include-stablecoins"
          label="Include stablecoins"
          checked={includeStablecoins}
          onChange={toggleStablecoins}
          href={viewHref(
            '/',
            { ...view, stablecoins: includeStablecoins },
            DEFAULT_HOME_VIEW,
            { stablecoins: !includeStablecoins },
            'rwa-value',
          )}
        />
        <button
          type="button"
          onClick={download}
          disabled={!handle || downloading}
          className="js-only inline-flex items-center gap-2 rounded-md border border-border bg-surface-2 px-3 py-1.5 text-sm text-fg transition-colors hover:border-accent disabled:opacity-50"
        >
          <Download aria-hidden className="size-4" />
          Download image
        </button>
      </div>
      <p className="mt-4 flex items-baseline gap-2 text-sm text-muted" data-testid="rwa-readout" aria-live="off">
        <span className="text-2xl font-semibold text-fg tabular-nums">{readout ? formatCompactUsd(readout.value * 1e9, 2) : '—'}</span>
        <span>{readout ? `${monthLabel(readout.time)}${includeStablecoins ? ', incl. stablecoins' : ''}` : ''}</span>
      </p>
      <div className="relative mt-2 h-72 sm:h-80">
        {!handle && (
          <div className="absolute inset-0 flex items-center justify-center rounded-md bg-surface-2 text-sm text-muted">
            Loading chart data...
          </div>
        )}
        <div ref={container} className="h-full w-full" data-testid="rwa-chart" data-stablecoins={includeStablecoins ? 'on' : 'off'} />
      </div>
      <ul className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3" aria-label="Asset classes">
        {CHART_LAYERS.map((l) => {
          const dimmed = l.key === 'stablecoins' && !includeStablecoins;
          return (
            <li
              key={l.key}
              className="flex items-center justify-between gap-3"
              data-testid="legend-item"
              data-dimmed={dimmed ? 'true' : undefined}
            >
              {/* A series left out of the chart is struck through, not faded: faded text fails contrast (3.4:1). */}
              <span className={`flex items-center gap-2 text-muted ${dimmed ? 'line-through' : ''}`}>
                <span
                  aria-hidden
                  className={`size-2.5 rounded-sm ${dimmed ? 'opacity-40' : ''}`}
                  style={{ backgroundColor: assetClassColors[l.key] }}
                />
                {l.label}
              </span>
              <span className="font-medium text-fg tabular-nums">{legends ? (legends[l.key] ?? '') : l.legend}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
