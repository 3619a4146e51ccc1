import { useEffect, useState } from 'react';
import type { Network } from '#lib/shared/analytics-types.ts';
import { pieSlices } from '#lib/shared/markets.ts';
import { getJson } from '#lib/client/api.ts';
import { chartPalette } from '../../../../tailwind.config.mjs';
import NetworkPie from './NetworkPie.tsx';
import Switch from '#components/islands/ui/Switch.tsx';
import { DEFAULT_NETWORKS_VIEW, viewHref, type NetworksView } from '#lib/shared/view-state.ts';
import DownloadLinks from '#components/islands/ui/DownloadLinks.tsx';
import { replaceParam } from '#lib/client/url-state.ts';

interface Props {
  /** Networks from the server; null when its read failed, and the island fetches them itself. */
  networks: Network[] | null;
  /** The page's view from its URL: whether the pie shows percent, and what the switch's form carries. */
  view: NetworksView;
}

/** 'RWA Value / Distribution by Network': the top 10 pie, in $B or, with the switch on, % of total. */
export default function NetworkDistribution({ networks: initial, view }: Props) {
  const [networks, setNetworks] = useState<Network[] | null>(initial);
  const [failed, setFailed] = useState(false);
  const [showPercent, setShowPercent] = useState(view.percent);
  const togglePercent = (on: boolean) => {
    setShowPercent(on);
    replaceParam('percent', on, DEFAULT_NETWORKS_VIEW.percent);
  };

  useEffect(() => {
    if (initial) return;
    getJson<Network[]>('/api/networks').then(setNetworks, () => setFailed(true));
  }, [initial]);

  const slices = networks ? pieSlices(networks, chartPalette) : [];
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-fg">RWA Value</h2>
          <p className="text-sm text-muted">Distribution by Network</p>
        </div>
        {/* Before hydration or without JavaScript the switch is a link to the page with the other state. */}
        <Switch
          id="show-percent"
          label="Show % of Total"
          checked={showPercent}
          onChange={togglePercent}
          href={viewHref('/networks', { ...view, percent: showPercent }, DEFAULT_NETWORKS_VIEW, { percent: !showPercent }, 'distribution')}
        />
      </div>
      <div className="mt-5 min-h-52">
        {networks === null ? (
          <div aria-busy={!failed} className="grid h-52 place-items-center rounded-md bg-surface-2 text-sm text-muted">
            {failed ? 'No network data available' : 'Loading pie chart data...'}
          </div>
        ) : slices.length === 0 ? (
          <p className="grid h-52 place-items-center text-sm text-muted">No network data available</p>
        ) : (
          <NetworkPie slices={slices} showPercent={showPercent} />
        )}
      </div>
      <div className="mt-3">
        <DownloadLinks href="/api/networks" query={{ download: '1' }} label="Networks' RWA value and share" />
      </div>
    </div>
  );
}
