import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { ALERTS_JSON_FEED } from '#lib/server/open-data/endpoints/alerts.ts';
import { getDb } from '#lib/server/db/client.ts';
import { siteOrigin } from '#lib/server/config.ts';
import { listAlerts, readFilter } from '#lib/server/alerts/store.ts';
import { jsonFeed } from '#lib/server/alerts/feeds.ts';

export const prerender = false;

/** JSON Feed 1.1 of the events: all, or ?asset=, ?class=, ?network=. No account needed. */
export const GET = serveEndpoint(ALERTS_JSON_FEED, async ({ url }) => {
  const filter = readFilter(url.searchParams);
  return jsonFeed(await listAlerts(getDb(), filter), { origin: siteOrigin(), filter });
});
