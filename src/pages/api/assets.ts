import type { APIRoute } from 'astro';
import { handle } from '@/lib/server/http';
import { getAsOf, listAssets } from '@/lib/server/analytics';
import { idsForSymbols, loadCatalog } from '@/lib/server/open-data/catalog';
import { readFormat, rowsResponse } from '@/lib/server/open-data/download';

export const prerender = false;

/** The spec's asset list, each with its page's `id` and `url` added; `?format=csv` for a table. */
export const GET: APIRoute = handle(async ({ url }) => {
  const format = readFormat(url.searchParams);
  const [list, catalog, asOf] = await Promise.all([listAssets(), loadCatalog(), getAsOf()]);
  const ids = idsForSymbols(
    catalog,
    list.map((a) => a.symbol),
  );
  const rows = list.map((a) => ({ ...a, ...ids.get(a.symbol) }));
  return rowsResponse(rows, ['id', 'symbol', 'name', 'assetClass', 'marketCap', 'change7d', 'url'], {
    format,
    view: 'assets',
    asOf,
    download: url.searchParams.has('download'),
  });
});
