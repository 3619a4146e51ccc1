import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { ASSETS } from '#lib/server/open-data/endpoints/assets.ts';
import { assetsRead } from '#lib/server/figures/analytics.ts';
import { asOfRead } from '#lib/server/figures/run-state.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { readFormat, readLimit } from '#lib/server/open-data/download.ts';
import { rowsReply } from '#lib/server/open-data/reply.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { withAssetIds } from '#lib/shared/open-data/ids.ts';
import { catalogRead } from '#lib/server/open-data/catalog.ts';
import { ASSETS_COUNT_HEADERS } from '#lib/server/http/api-answers.ts';

export const prerender = false;

/** The spec's asset list, each with its page's `id` and `url` added; `?format=csv` for a table. */
export const GET = serveEndpoint(ASSETS, async ({ url }) => {
  const format = readFormat(url.searchParams);
  const limit = readLimit(url.searchParams);
  const assetClass = url.searchParams.get('assetClass');
  if (assetClass !== null && (assetClass === '' || assetClass.length > 100))
    throw new HttpError(400, 'assetClass must name an asset class.', { assetClass: ['Empty or longer than 100 characters.'] });
  // The rows, the as-of date and the catalog (every product the site lists) in one round trip.
  const [list, asOf, catalog] = await readAll([assetsRead(), asOfRead(), catalogRead()]);
  // A home page list shows one class's first three: `assetClass` and `limit` give a file of exactly those.
  // Ids are made unique over the whole list, so filter after linking.
  const linked = withAssetIds(list);
  const inClass = assetClass === null ? linked : linked.filter((a) => a.assetClass === assetClass);
  // How many it holds, and where the rest are: the catalog lists every product, with a figure or without one yet.
  const listed = assetClass === null ? catalog.assets : catalog.assets.filter((a) => a.assetClass === assetClass);
  return rowsReply(
    limit === undefined ? inClass : inClass.slice(0, limit),
    ['id', 'symbol', 'name', 'assetClass', 'marketCap', 'change7d', 'origin', 'change7dOrigin', 'url'],
    {
      format,
      view: assetClass === null ? 'assets' : `assets-${assetClass}`,
      asOf,
      download: url.searchParams.has('download'),
      headers: (h) => {
        h.set(ASSETS_COUNT_HEADERS.total, String(inClass.length));
        h.set(ASSETS_COUNT_HEADERS.listed, String(listed.length));
        h.set('Link', '</assets?format=json>; rel="alternate"; type="application/json"; title="every product the site lists"');
      },
    },
  );
});
