import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { ALERT } from '#lib/server/open-data/endpoints/alerts.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { getDb } from '#lib/server/db/client.ts';
import { siteOrigin } from '#lib/server/config.ts';
import { getAlert } from '#lib/server/alerts/get-alert.ts';
import { payloadOf } from '#lib/server/alerts/payload.ts';

export const prerender = false;

/** One event with its evidence (the figures before and after, the blocks, the sources). */
export const GET = serveEndpoint(ALERT, async ({ params }) => {
  const event = await getAlert(getDb(), params.id ?? '');
  if (!event) throw new HttpError(404, 'No such alert');
  return payloadOf(event, siteOrigin());
});
