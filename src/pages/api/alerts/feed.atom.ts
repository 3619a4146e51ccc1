import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { ALERTS_ATOM } from '#lib/server/open-data/endpoints/alerts.ts';
import { cacheHeaders, CACHE } from '#lib/server/cache/policy.ts';
import { getDb } from '#lib/server/db/client.ts';
import { siteOrigin } from '#lib/server/config.ts';
import { listAlerts, readFilter } from '#lib/server/alerts/store.ts';
import { atomFeed } from '#lib/server/alerts/feeds.ts';

export const prerender = false;

/** Atom feed of the events: all, or ?asset=, ?class=, ?network=. No account needed. */
export const GET = serveEndpoint(ALERTS_ATOM, async ({ url }) => {
  const filter = readFilter(url.searchParams);
  const xml = atomFeed(await listAlerts(getDb(), filter), { origin: siteOrigin(), filter });
  return new Response(xml, { headers: { ...cacheHeaders(CACHE.dataApi), 'Content-Type': 'application/atom+xml; charset=utf-8' } });
});
