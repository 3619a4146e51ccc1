/**
 * The alerts for the sitemap: the list and each event's page (events are public pages with their
 * evidence, like an asset's), each dated when its run made it. Kept beside the store so the sitemap
 * route only merges the entries.
 */
import type { Database } from '#db/client.ts';
import { listAlerts } from './store.ts';
import { alertPath } from './payload.ts';

/** Far more than a feed shows, far fewer than a sitemap's 50,000 URLs. */
const SITEMAP_LIMIT = 5_000;

export async function alertEntries(db: Database, origin: string): Promise<{ loc: string; lastmod?: Date }[]> {
  const events = await listAlerts(db, {}, SITEMAP_LIMIT);
  return [
    { loc: `${origin}/alerts`, lastmod: events[0] && new Date(events[0].createdAt) },
    ...events.map((e) => ({ loc: origin + alertPath(e.id), lastmod: new Date(e.createdAt) })),
  ];
}
