import {
  loadNetworkPage,
  NETWORK_ASSET_COLUMNS,
  NETWORK_HISTORY_COLUMNS,
  networkAssetRows,
  networkHistoryRows,
} from '#lib/server/open-data/network-page.ts';
import { pageDownloads } from '#lib/server/open-data/page-downloads.ts';
import { table } from '#lib/server/open-data/reply.ts';
import { NETWORK_ASSETS, NETWORK_HISTORY } from '#lib/server/open-data/endpoints/networks.ts';
import { networkAssetForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** The network page's series (history: range, from, to) and its asset table as files, JSON or CSV. */
export const GET = pageDownloads({
  noun: 'network',
  load: loadNetworkPage,
  idOf: (page) => page.network.id,
  views: (view) => [
    view(NETWORK_HISTORY, (page, q) => table(networkHistoryRows(page, q.range, q.from, q.to), NETWORK_HISTORY_COLUMNS)),
    view(NETWORK_ASSETS, (page) => table(networkAssetRows(page).map(networkAssetForApi), NETWORK_ASSET_COLUMNS)),
  ],
});
