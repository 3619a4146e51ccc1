import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { datasetMeta } from '#db/schema/index.ts';

/**
 * Runs a seeding step at most once per database. The marker stays after an admin deletes
 * seeded rows, so a restart never brings back what the admin removed.
 */
export async function seedOnce(db: Database, name: string, step: () => Promise<void>): Promise<boolean> {
  const key = `seeded:${name}`;
  const done = await db.select({ key: datasetMeta.key }).from(datasetMeta).where(eq(datasetMeta.key, key));
  if (done.length > 0) return false;
  await step();
  await db.insert(datasetMeta).values({ key, value: new Date().toISOString() }).onConflictDoNothing();
  return true;
}
