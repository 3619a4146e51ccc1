import { useEffect, useState } from 'react';
import { Tabs } from 'radix-ui';
import TabStrip from './TabStrip.tsx';
import type { Network } from '#lib/shared/analytics-types.ts';
import { formatCurrency } from '#lib/shared/format.ts';
import { DEFAULT_HOME_VIEW, LEAGUE_TABS, viewHref, type HomeView, type LeagueTab } from '#lib/shared/view-state.ts';
import { getJson } from '#lib/client/api.ts';
import { replaceParam } from '#lib/client/url-state.ts';
import NetworkRow from './NetworkRow.tsx';
import { phoneAttrs } from '#lib/shared/phone-columns.ts';

interface Props {
  /** The top networks from the server; null when its read failed, and the island fetches them. */
  networks: Network[] | null;
  /** The page's view from its URL: the open tab, and what each tab's link carries. */
  view: HomeView;
}

const th = 'py-2 pr-3 font-medium';
/** #, Network, RWA Value, Share, 30d: a phone keeps the network, its value and its change. */
const PHONE = phoneAttrs([{}, { phone: 'name' }, { phone: 'value' }, {}, { phone: 'change' }]);

/**
 * RWA League Table: four keyboard-operable tabs; only networks has data so far. Each tab is a
 * link to the page with that tab open, so a click before hydration (or without JavaScript) works.
 */
export default function LeagueTable({ networks: initial, view }: Props) {
  const [tab, setTab] = useState<LeagueTab>(view.league);
  const [networks, setNetworks] = useState<Network[] | null>(initial);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (initial) return;
    getJson<Network[]>('/api/networks').then(
      (all) => setNetworks(all.slice(0, 10)),
      () => setFailed(true),
    );
  }, [initial]);

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => {
        setTab(value as LeagueTab);
        replaceParam('league', value, DEFAULT_HOME_VIEW.league);
      }}
    >
      <TabStrip
        label="League table"
        tabs={LEAGUE_TABS}
        hrefOf={(id) => viewHref('/', view, DEFAULT_HOME_VIEW, { league: id as LeagueTab }, 'league-table')}
      />
      {/* Scrolls sideways on a phone: Radix's tab panel takes keyboard focus (tabIndex 0) and is named by its tab. */}
      <Tabs.Content value="networks" className="mt-4 overflow-x-auto">
        {networks === null && !failed ? (
          <p aria-busy="true" className="rounded-lg bg-surface-2 py-10 text-center text-sm text-muted">
            Loading networks...
          </p>
        ) : !networks || networks.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted">No network data available</p>
        ) : (
          <table className="w-full min-w-[32rem] text-sm" data-testid="league-networks" {...PHONE}>
            <thead>
              <tr className="border-b border-border text-left text-xs tracking-wide text-muted uppercase">
                <th scope="col" className={`${th} w-8`}>
                  #
                </th>
                <th scope="col" className={th}>
                  Network
                </th>
                <th scope="col" className={`${th} text-right`}>
                  RWA Value
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Share
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  30d
                </th>
              </tr>
            </thead>
            <tbody>
              {networks.map((n, i) => (
                <NetworkRow key={n.id} rank={i + 1} network={n} value={formatCurrency(n.totalValue)} compact />
              ))}
            </tbody>
          </table>
        )}
      </Tabs.Content>
      {LEAGUE_TABS.slice(1).map((t) => (
        <Tabs.Content key={t.id} value={t.id} className="mt-4">
          <p className="rounded-lg border border-dashed border-border py-10 text-center text-sm text-muted">
            {t.label} data coming soon...
          </p>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
