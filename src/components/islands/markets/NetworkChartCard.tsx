import { useEffect, useRef, useState } from 'react';
import { Tabs } from 'radix-ui';
import TabStrip from './TabStrip.tsx';
import type { NetworkMetric, TimeSeriesPoint } from '#lib/shared/analytics-types.ts';
import { METRIC_TABS } from '#lib/shared/markets.ts';
import { DEFAULT_NETWORKS_VIEW, viewHref, type NetworksView } from '#lib/shared/view-state.ts';
import { getJson } from '#lib/client/api.ts';
import { replaceParam } from '#lib/client/url-state.ts';
import DownloadLinks from '#components/islands/ui/DownloadLinks.tsx';
import Switch from '#components/islands/ui/Switch.tsx';
import NetworkLineChart from './NetworkLineChart.tsx';
import { formatLongDate } from '#lib/shared/format.ts';

interface Props {
  /** The page's view from its URL: the open metric (its series rendered by the server), and what each tab's link carries. */
  view: NetworksView;
  /** The open metric's series; other tabs are fetched on first open. Null when the server's read failed. */
  initialPoints: TimeSeriesPoint[] | null;
  /** Network names by total value, so each network keeps its pie colour. */
  colorOrder: string[];
  /** The data's as-of date ('YYYY-MM-DD'), for the downloaded image. */
  asOf: string;
}

type Entry = { status: 'loading' } | { status: 'error' } | { status: 'ok'; points: TimeSeriesPoint[] };

/** Fetches one metric's series; any failure becomes the spec's 'Failed to fetch time series data'. */
async function fetchSeries(metric: NetworkMetric): Promise<TimeSeriesPoint[]> {
  try {
    return await getJson<TimeSeriesPoint[]>(`/api/networks/time-series?metricType=${metric}`);
  } catch {
    throw new Error('Failed to fetch time series data');
  }
}

/**
 * The Networks chart card: six metric tabs over one line chart, each tab fetched once and kept.
 * Each tab is a link to the page with that metric, so a click before hydration (or without JavaScript) works.
 */
export default function NetworkChartCard({ view, initialPoints, colorOrder, asOf }: Props) {
  const initialMetric = view.metric;
  const [metric, setMetric] = useState<NetworkMetric>(initialMetric);
  const [log, setLog] = useState(view.log);
  const [entries, setEntries] = useState<Partial<Record<NetworkMetric, Entry>>>(
    initialPoints ? { [initialMetric]: { status: 'ok', points: initialPoints } } : {},
  );
  const started = useRef(new Set<NetworkMetric>(initialPoints ? [initialMetric] : []));

  function load(m: NetworkMetric) {
    started.current.add(m);
    setEntries((e) => ({ ...e, [m]: { status: 'loading' } }));
    fetchSeries(m).then(
      (points) => setEntries((e) => ({ ...e, [m]: { status: 'ok', points } })),
      () => setEntries((e) => ({ ...e, [m]: { status: 'error' } })),
    );
  }

  function select(value: string) {
    const m = value as NetworkMetric;
    setMetric(m);
    replaceParam('metric', m, DEFAULT_NETWORKS_VIEW.metric);
    if (!started.current.has(m) || entries[m]?.status === 'error') load(m);
  }

  // No server data for the first tab (the server read failed): fetch it once on hydration.
  useEffect(() => {
    if (!started.current.has(initialMetric)) load(initialMetric);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function toggleLog(on: boolean) {
    setLog(on);
    replaceParam('log', on, DEFAULT_NETWORKS_VIEW.log);
  }

  const entry = entries[metric] ?? { status: 'loading' };
  const shown = { ...view, metric, log };
  return (
    <Tabs.Root value={metric} onValueChange={select}>
      <TabStrip
        label="Metric"
        tabs={METRIC_TABS}
        hrefOf={(id) => viewHref('/networks', shown, DEFAULT_NETWORKS_VIEW, { metric: id as NetworkMetric }, 'network-metrics')}
      />
      <div className="mt-3 flex justify-end">
        {/* Before hydration or without JavaScript the switch is a link to the page with the other scale. */}
        <Switch
          id="network-log-scale"
          label="Log scale"
          checked={log}
          onChange={toggleLog}
          href={viewHref('/networks', shown, DEFAULT_NETWORKS_VIEW, { log: !log }, 'network-metrics')}
        />
      </div>
      {METRIC_TABS.map((t) => (
        <Tabs.Content key={t.id} value={t.id} className="mt-4 focus-visible:outline-none">
          {t.id !== metric ? null : entry.status === 'ok' ? (
            entry.points.length === 0 ? (
              <p className="grid h-72 place-items-center text-sm text-muted sm:h-80">No network data available</p>
            ) : (
              <NetworkLineChart
                metric={metric}
                metricLabel={t.label}
                points={entry.points}
                colorOrder={colorOrder}
                asOf={`Data as of ${formatLongDate(asOf)}`}
                log={log}
              />
            )
          ) : entry.status === 'error' ? (
            <div
              role="alert"
              className="grid h-72 place-items-center rounded-md border border-dashed border-negative/50 text-center sm:h-80"
            >
              <div>
                <p className="text-sm text-negative">Failed to load chart data. Please try again.</p>
                <button
                  type="button"
                  onClick={() => load(metric)}
                  className="mt-3 rounded-md border border-border bg-surface-2 px-3 py-1.5 text-sm text-fg hover:border-accent"
                >
                  Retry
                </button>
              </div>
            </div>
          ) : (
            <div aria-busy="true" className="grid h-72 place-items-center rounded-md bg-surface-2 text-sm text-muted sm:h-80">
              Loading chart data...
            </div>
          )}
        </Tabs.Content>
      ))}
      <div className="mt-3">
        <DownloadLinks
          href="/api/networks/time-series"
          query={{ metricType: metric, download: '1' }}
          label={`Network ${METRIC_TABS.find((t) => t.id === metric)?.label ?? metric} series`}
        />
      </div>
    </Tabs.Root>
  );
}
