import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { ALERTS } from '#lib/server/open-data/endpoints/alerts.ts';
import { getDb } from '#lib/server/db/client.ts';
import { siteOrigin } from '#lib/server/config.ts';
import { listAlerts, readFilter } from '#lib/server/alerts/store.ts';
import { payloadOf } from '#lib/server/alerts/payload.ts';

export const prerender = false;

/** The newest events (all, or ?asset=, ?class=, ?network=), as the webhooks send them. */
export const GET = serveEndpoint(ALERTS, async ({ url }) => {
  const events = await listAlerts(getDb(), readFilter(url.searchParams));
  const origin = siteOrigin();
  return events.map((e) => payloadOf(e, origin));
});
