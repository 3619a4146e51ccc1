import type { APIRoute } from 'astro';
import { publicGet } from '@/lib/server/open-data/public-get';
import { HttpError } from '@/lib/server/http';
import { loadAssetPage } from '@/lib/server/open-data/asset-page';
import {
  assetChainRows,
  assetHistoryRows,
  assetTransferRows,
  CHAIN_COLUMNS,
  HISTORY_COLUMNS,
  TRANSFER_COLUMNS,
} from '@/lib/server/open-data/asset-downloads';
import { readFormat, rowsResponse } from '@/lib/server/open-data/download';
import { readHistoryQuery } from '@/lib/server/open-data/history-query';

export const prerender = false;

/** The asset page's tables and series as files: history (range, from, to), chains, transfers; JSON or CSV. */
export const GET: APIRoute = publicGet(async ({ params, url }) => {
  const view = params.view ?? '';
  if (!['history', 'chains', 'transfers'].includes(view)) throw new HttpError(404, 'No such view: history, chains or transfers.');
  const format = readFormat(url.searchParams);
  const q = view === 'history' ? readHistoryQuery(url.searchParams) : undefined;
  const page = await loadAssetPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No asset with this id.');
  const opts = { format, asOf: page.asOf, download: true };
  const name = `${page.asset.id}-${view}`;
  if (q) {
    const rows = assetHistoryRows(page, q.range, q.from, q.to);
    return rowsResponse(rows, HISTORY_COLUMNS, { ...opts, view: `${name}-${q.label}` });
  }
  if (view === 'chains') return rowsResponse(assetChainRows(page), CHAIN_COLUMNS, { ...opts, view: name });
  return rowsResponse(assetTransferRows(page), TRANSFER_COLUMNS, { ...opts, view: name });
});
