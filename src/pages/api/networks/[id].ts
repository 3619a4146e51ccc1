import type { APIRoute } from 'astro';
import { handle, HttpError } from '@/lib/server/http';
import { publicJson } from '@/lib/server/public-json';
import { loadNetworkPage } from '@/lib/server/open-data/network-page';

export const prerender = false;

/** Everything the network page shows, as data. */
export const GET: APIRoute = handle(async ({ params }) => {
  const page = await loadNetworkPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No network with this id.');
  return publicJson(page);
});
