import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { ISSUER_PAGE } from '#lib/server/open-data/endpoints/issuers.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { loadIssuerPage } from '#lib/server/open-data/issuer-page.ts';
import { issuerPageForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** Everything the issuer page shows, as data. */
export const GET = serveEndpoint(ISSUER_PAGE, async ({ params }) => {
  const page = await loadIssuerPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No issuer with this id.');
  return issuerPageForApi(page);
});
