import type { APIRoute } from 'astro';
import { publicGet } from '@/lib/server/open-data/public-get';
import { HttpError } from '@/lib/server/http';
import {
  loadNetworkPage,
  NETWORK_ASSET_COLUMNS,
  NETWORK_HISTORY_COLUMNS,
  networkAssetRows,
  networkHistoryRows,
} from '@/lib/server/open-data/network-page';
import { readFormat, rowsResponse } from '@/lib/server/open-data/download';
import { readHistoryQuery } from '@/lib/server/open-data/history-query';

export const prerender = false;

/** The network page's series (history: range, from, to) and its asset table as files, JSON or CSV. */
export const GET: APIRoute = publicGet(async ({ params, url }) => {
  const view = params.view ?? '';
  if (view !== 'history' && view !== 'assets') throw new HttpError(404, 'No such view: history or assets.');
  const format = readFormat(url.searchParams);
  const q = view === 'history' ? readHistoryQuery(url.searchParams) : undefined;
  const page = await loadNetworkPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No network with this id.');
  const name = `${page.network.id}-${view}`;
  if (q)
    return rowsResponse(networkHistoryRows(page, q.range, q.from, q.to), NETWORK_HISTORY_COLUMNS, {
      format,
      asOf: page.asOf,
      download: true,
      view: `${name}-${q.label}`,
    });
  return rowsResponse(networkAssetRows(page), NETWORK_ASSET_COLUMNS, { format, asOf: page.asOf, download: true, view: name });
});
