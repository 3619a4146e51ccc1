/**
 * One stored event by its id. Apart from the lists (store.ts), which read the asset pages' ids: the
 * delivery of webhooks needs only this, and the server's start (which starts the deliveries) must not
 * load the pages' catalog.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { alertEvents } from '#db/schema/index.ts';
import type { StoredAlert } from './types.ts';

/** A row as the event it stores: the evidence column holds what detect.ts made (db/ cannot name its type). */
export const stored = (row: typeof alertEvents.$inferSelect) => row as unknown as StoredAlert;

export async function getAlert(db: Database, id: string): Promise<StoredAlert | undefined> {
  if (!/^[a-z0-9.-]{1,200}$/.test(id)) return undefined;
  const [row] = await db.select().from(alertEvents).where(eq(alertEvents.id, id));
  return row && stored(row);
}
