import type { APIRoute } from 'astro';
import {
  loadNetworkPage,
  NETWORK_ASSET_COLUMNS,
  NETWORK_HISTORY_COLUMNS,
  networkAssetRows,
  networkHistoryRows,
} from '#lib/server/open-data/network-page.ts';
import { pageDownloads, table } from '#lib/server/open-data/page-downloads.ts';
import { networkAssetForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** The network page's series (history: range, from, to) and its asset table as files, JSON or CSV. */
export const GET: APIRoute = pageDownloads({
  noun: 'network',
  load: loadNetworkPage,
  idOf: (page) => page.network.id,
  views: {
    history: (page, q) => table(networkHistoryRows(page, q.range, q.from, q.to), NETWORK_HISTORY_COLUMNS),
    assets: (page) => table(networkAssetRows(page).map(networkAssetForApi), NETWORK_ASSET_COLUMNS),
  },
});
