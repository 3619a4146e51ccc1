import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { publicJson } from '#lib/server/http/public-json.ts';
import { loadNetworkPage } from '#lib/server/open-data/network-page.ts';
import { networkPageForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** Everything the network page shows, as data. */
export const GET: APIRoute = publicGet(async ({ params }) => {
  const page = await loadNetworkPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No network with this id.');
  return publicJson(networkPageForApi(page));
});
