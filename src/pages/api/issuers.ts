import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { ISSUER_COLUMNS, loadIssuers } from '#lib/server/open-data/issuer-page.ts';
import { readFormat, rowsResponse } from '#lib/server/open-data/download.ts';
import { issuerForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** Every issuer with its asset count and total known market cap; `?format=csv` for a table. */
export const GET: APIRoute = publicGet(async ({ url }) => {
  const format = readFormat(url.searchParams);
  const { asOf, issuers } = await loadIssuers();
  return rowsResponse(issuers.map(issuerForApi), ISSUER_COLUMNS, {
    format,
    asOf,
    view: 'issuers',
    download: url.searchParams.has('download'),
  });
});
