import { useMemo, useRef, useState } from 'react';
import type { ChartDataPoint } from '#lib/shared/analytics-types.ts';
import { CHART_LAYERS, stackChartData, type AssetClassKey, type StackedLayer } from '#lib/shared/markets.ts';
import { assetClassColors } from '../../../../tailwind.config.mjs';
import { formatCompactUsd, formatLongDate } from '#lib/shared/format.ts';
import { chartFrame, pointDateLabel, type Frame } from '#lib/shared/charts/frame.ts';
import { bandPath, linePath } from '#lib/shared/charts/series-chart.ts';
import { dateLabel } from '#lib/shared/open-data/chart.ts';
import Switch from '#components/islands/ui/Switch.tsx';
import ChartSvg from '#components/islands/charts/ChartSvg.tsx';
import ChartTooltip from '#components/islands/charts/ChartTooltip.tsx';
import { useSize } from '#components/islands/charts/use-size.ts';
import ServerDrawings, { PHONE_DRAWING } from '#components/islands/charts/ServerDrawings.tsx';
import DownloadImageButton from '#components/islands/charts/DownloadImageButton.tsx';
import { DEFAULT_HOME_VIEW, viewHref, type HomeView } from '#lib/shared/view-state.ts';
import { replaceParam } from '#lib/client/url-state.ts';

interface Props {
  data: ChartDataPoint[];
  /** The page's view from its URL: whether stablecoins are included, and what the toggle's form carries. */
  view: HomeView;
  /** Legend values of a live run (its last date); without them the spec's fixed legend is shown. */
  legends?: Partial<Record<AssetClassKey, string>>;
  /** The data's as-of date ('YYYY-MM-DD'), for the downloaded image. */
  asOf: string;
}

/** The server's drawing size before the island measures its box (the SVG scales into it). */
const INITIAL = { width: 1100, height: 320 };

/** Dollars from the chart's billions, in the unit that fits ('$350.0M', '$15.5B'). */
const usd = (billions: number, decimals: number) => formatCompactUsd(billions * 1e9, decimals);

/**
 * The home page's stacked 'Total RWA Value' chart in $B: one area per asset class, each drawn at
 * the running sum of the classes below it. Stablecoins (an order of magnitude larger) start excluded.
 */
export default function RwaValueChart({ data, view, legends, asOf }: Props) {
  const { ref, size, measured } = useSize(INITIAL);
  const svg = useRef<SVGSVGElement>(null);
  const [includeStablecoins, setIncludeStablecoins] = useState(view.stablecoins);
  const [hover, setHover] = useState<number | null>(null);
  const layers = useMemo(() => stackChartData(data, includeStablecoins), [data, includeStablecoins]);
  const totals = layers.at(-1)?.points ?? [];
  const dates = totals.map((p) => p.time);
  const frameAt = (box: { width: number; height: number }) =>
    chartFrame({
      ...box,
      dates,
      values: totals.map((p) => p.value),
      // The spec's currency rule ($x.xxB) on the axis too.
      yLabel: (v) => usd(v, 2),
      xLabel: dateLabel,
    });
  const frame = frameAt(size);
  const pointDate = pointDateLabel(dates);
  // The crosshair's date and stacked total; the latest date when the pointer is elsewhere.
  const at = hover ?? totals.length - 1;
  const readout = totals[at];

  function toggleStablecoins(include: boolean) {
    setIncludeStablecoins(include);
    setHover(null);
    replaceParam('stablecoins', include, DEFAULT_HOME_VIEW.stablecoins);
  }

  /** Each class's own value on a date: its running total less the one below it. */
  const own = (i: number, at: number) => layers[i].points[at].value - (i > 0 ? layers[i - 1].points[at].value : 0);
  const label = (key: AssetClassKey) => CHART_LAYERS.find((l) => l.key === key)?.label ?? key;

  const imageInfo = () => ({
    title: 'Total RWA Value',
    subtitle: `Tokenized assets by class, in billions of dollars (stacked)${includeStablecoins ? ', incl. stablecoins' : ''}`,
    legend: CHART_LAYERS.filter((l) => includeStablecoins || l.key !== 'stablecoins').map((l) => ({
      label: l.label,
      color: assetClassColors[l.key],
      kind: 'area' as const,
      value: legends ? (legends[l.key] ?? '') : l.legend,
    })),
    source: `Source: RWA Analytics, ${location.host}/ (methods: ${location.host}/sources)`,
    asOf: `Data as of ${formatLongDate(asOf)}`,
  });

  /** The chart drawn in a frame (the measured box's, or before measuring one of the server's two). */
  const draw = (f: Frame, phone = false) => (
    <ChartSvg
      frame={f}
      dates={dates}
      label={`Total RWA value by asset class, stacked, ${dates.length ? `${pointDate(dates[0])} to ${pointDate(dates[dates.length - 1])}` : 'no data'}`}
      testid={phone ? 'rwa-chart-phone' : 'rwa-chart'}
      hover={hover}
      onHover={setHover}
      live={measured}
      svgRef={phone ? undefined : svg}
      attributes={{ 'data-stablecoins': includeStablecoins ? 'on' : 'off' }}
    >
      {/* Each class's band: its running total on top, the class below's (or zero) underneath. */}
      {layers.map((layer, i) => {
        const points = (l: StackedLayer) => l.points.map((p) => ({ date: p.time, value: p.value }));
        const color = assetClassColors[layer.key];
        if (dates.length === 1) {
          // One date (a first run): a stacked bar, as a band of no width would not show.
          const y0 = i === 0 ? f.y(0) : f.y(layers[i - 1].points[0].value);
          const y1 = f.y(layer.points[0].value);
          return (
            <rect
              key={layer.key}
              data-series={layer.key}
              x={f.x(dates[0]) - 12}
              width={24}
              y={y1}
              height={Math.max(0, y0 - y1)}
              fill={color}
            />
          );
        }
        return dates.length === 0 ? null : (
          <g key={layer.key} data-series={layer.key}>
            <path d={bandPath(points(layer), i === 0 ? null : points(layers[i - 1]), f)} fill={color} fillOpacity={0.75} />
            <path d={linePath(points(layer), f)} fill="none" stroke={color} strokeWidth={1.5} strokeLinejoin="round" />
          </g>
        );
      })}
    </ChartSvg>
  );

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
        <DownloadImageButton svg={svg} measured={measured} info={imageInfo} filename="rwa-chart.png" />
      </div>
      <p className="mt-4 flex items-baseline gap-2 text-sm text-muted" data-testid="rwa-readout" aria-live="off">
        <span className="text-2xl font-semibold text-fg tabular-nums">{readout ? usd(readout.value, 2) : '—'}</span>
        <span>{readout ? `${pointDate(readout.time)}${includeStablecoins ? ', incl. stablecoins' : ''}` : ''}</span>
      </p>
      <div ref={ref} className="relative mt-2 h-72 sm:h-80">
        <ServerDrawings measured={measured} wide={draw(frame)} phone={() => draw(frameAt(PHONE_DRAWING), true)} />
        {hover !== null && readout && (
          <ChartTooltip
            x={frame.x(readout.time)}
            width={size.width}
            date={pointDate(readout.time)}
            rows={layers
              .map((l, i) => ({ name: label(l.key), color: assetClassColors[l.key], kind: 'area' as const, value: usd(own(i, hover), 2) }))
              .reverse()}
            total={{ name: 'Total', value: usd(readout.value, 2) }}
          />
        )}
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
