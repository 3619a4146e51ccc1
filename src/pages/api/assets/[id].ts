import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { publicJson } from '#lib/server/http/public-json.ts';
import { loadAssetPage } from '#lib/server/open-data/asset-page.ts';
import { assetPageForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** Everything the asset page shows, as data (the figures, their sources, chains, history, transfers, quality). */
export const GET: APIRoute = publicGet(async ({ params }) => {
  const page = await loadAssetPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No asset with this id.');
  return publicJson(assetPageForApi(page));
});
