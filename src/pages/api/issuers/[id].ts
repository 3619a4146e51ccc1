import type { APIRoute } from 'astro';
import { handle, HttpError } from '@/lib/server/http';
import { publicJson } from '@/lib/server/public-json';
import { loadIssuerPage } from '@/lib/server/open-data/issuer-page';

export const prerender = false;

/** Everything the issuer page shows, as data. */
export const GET: APIRoute = handle(async ({ params }) => {
  const page = await loadIssuerPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No issuer with this id.');
  return publicJson(page);
});
