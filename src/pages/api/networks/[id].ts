import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { NETWORK_PAGE } from '#lib/server/open-data/endpoints/networks.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { loadNetworkPage } from '#lib/server/open-data/network-page.ts';
import { networkPageForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** Everything the network page shows, as data. */
export const GET = serveEndpoint(NETWORK_PAGE, async ({ params }) => {
  const page = await loadNetworkPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No network with this id.');
  return networkPageForApi(page);
});
