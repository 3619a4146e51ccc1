import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ingestRuns } from '#db/schema/index.ts';

/**
 * The last published run (before run `before`, when given): its as-of day, totals and cells. What the
 * breaker compares with, and what a hold alert shows as still served.
 */
export async function lastPublished(db: Database, before?: number) {
  const [prev] = await db
    .select({ id: ingestRuns.id, asOf: ingestRuns.asOf, totals: ingestRuns.totals, cells: ingestRuns.cells })
    .from(ingestRuns)
    .where(and(eq(ingestRuns.status, 'published'), before === undefined ? undefined : lt(ingestRuns.id, before)))
    .orderBy(desc(ingestRuns.id))
    .limit(1);
  return prev;
}
