import type { APIRoute } from 'astro';
import { publicGet } from '@/lib/server/open-data/public-get';
import { HttpError } from '@/lib/server/http';
import { publicJson } from '@/lib/server/public-json';
import { loadIssuerPage } from '@/lib/server/open-data/issuer-page';

export const prerender = false;

/** Everything the issuer page shows, as data. */
export const GET: APIRoute = publicGet(async ({ params }) => {
  const page = await loadIssuerPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No issuer with this id.');
  return publicJson(page);
});
