import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { json } from '#lib/server/http/handle.ts';
import { cacheHeaders, CACHE } from '#lib/server/cache/policy.ts';
import { getDb } from '#lib/server/db/client.ts';
import { siteOrigin } from '#lib/server/config.ts';
import { listAlerts, readFilter } from '#lib/server/alerts/store.ts';
import { payloadOf } from '#lib/server/alerts/payload.ts';

export const prerender = false;

/** The newest events (all, or ?asset=, ?class=, ?network=), as the webhooks send them. */
export const GET: APIRoute = publicGet(async ({ url }) => {
  const events = await listAlerts(getDb(), readFilter(url.searchParams));
  const origin = siteOrigin();
  return json(
    events.map((e) => payloadOf(e, origin)),
    { headers: cacheHeaders(CACHE.dataApi) },
  );
});
