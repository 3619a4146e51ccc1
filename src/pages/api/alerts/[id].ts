import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { json } from '#lib/server/http/handle.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { cacheHeaders, CACHE } from '#lib/server/cache/policy.ts';
import { getDb } from '#lib/server/db/client.ts';
import { siteOrigin } from '#lib/server/config.ts';
import { getAlert } from '#lib/server/alerts/get-alert.ts';
import { payloadOf } from '#lib/server/alerts/payload.ts';

export const prerender = false;

/** One event with its evidence (the figures before and after, the blocks, the sources). */
export const GET: APIRoute = publicGet(async ({ params }) => {
  const event = await getAlert(getDb(), params.id ?? '');
  if (!event) throw new HttpError(404, 'No such alert');
  return json(payloadOf(event, siteOrigin()), { headers: cacheHeaders(CACHE.dataApi) });
});
