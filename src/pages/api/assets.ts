import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { asOfRead, assetsRead } from '#lib/server/analytics.ts';
import { readAll } from '#lib/server/reads.ts';
import { readFormat, rowsResponse } from '#lib/server/open-data/download.ts';
import { withAssetIds } from '#lib/shared/open-data/ids.ts';

export const prerender = false;

/** The spec's asset list, each with its page's `id` and `url` added; `?format=csv` for a table. */
export const GET: APIRoute = publicGet(async ({ url }) => {
  const format = readFormat(url.searchParams);
  // The rows and the as-of date in one round trip.
  const [list, asOf] = await readAll([assetsRead(), asOfRead()]);
  return rowsResponse(withAssetIds(list), ['id', 'symbol', 'name', 'assetClass', 'marketCap', 'change7d', 'url'], {
    format,
    view: 'assets',
    asOf,
    download: url.searchParams.has('download'),
  });
});
