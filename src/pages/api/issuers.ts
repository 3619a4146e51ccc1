import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { ISSUERS } from '#lib/server/open-data/endpoints/issuers.ts';
import { ISSUER_COLUMNS, loadIssuers } from '#lib/server/open-data/issuer-page.ts';
import { readFormat } from '#lib/server/open-data/download.ts';
import { rowsReply } from '#lib/server/open-data/reply.ts';
import { issuerForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** Every issuer with its asset count and total known market cap; `?format=csv` for a table. */
export const GET = serveEndpoint(ISSUERS, async ({ url }) => {
  const format = readFormat(url.searchParams);
  const { asOf, issuers } = await loadIssuers();
  return rowsReply(issuers.map(issuerForApi), ISSUER_COLUMNS, {
    format,
    asOf,
    view: 'issuers',
    download: url.searchParams.has('download'),
  });
});
