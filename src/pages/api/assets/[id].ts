import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { ASSET_PAGE } from '#lib/server/open-data/endpoints/assets.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { loadAssetPage } from '#lib/server/open-data/asset-page.ts';
import { assetPageForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** Everything the asset page shows, as data (the figures, their sources, chains, history, transfers, quality). */
export const GET = serveEndpoint(ASSET_PAGE, async ({ params }) => {
  const page = await loadAssetPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No asset with this id.');
  return assetPageForApi(page);
});
