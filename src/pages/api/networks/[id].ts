import type { APIRoute } from 'astro';
import { publicGet } from '@/lib/server/open-data/public-get';
import { HttpError } from '@/lib/server/http';
import { publicJson } from '@/lib/server/public-json';
import { loadNetworkPage } from '@/lib/server/open-data/network-page';

export const prerender = false;

/** Everything the network page shows, as data. */
export const GET: APIRoute = publicGet(async ({ params }) => {
  const page = await loadNetworkPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No network with this id.');
  return publicJson(page);
});
