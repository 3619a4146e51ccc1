import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { publicJson } from '#lib/server/http/public-json.ts';
import { loadIssuerPage } from '#lib/server/open-data/issuer-page.ts';
import { issuerPageForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** Everything the issuer page shows, as data. */
export const GET: APIRoute = publicGet(async ({ params }) => {
  const page = await loadIssuerPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No issuer with this id.');
  return publicJson(issuerPageForApi(page));
});
