/**
 * The indexing progress of the EVM history, per `SYMBOL|chain` (the share 0-100 of its history read):
 * written by a run's log phase onto its own record (ingest_runs.indexing) and onto the served run's
 * row, which the asset pages read, so the run a head read already published shows it grow while the
 * older history is read; read by the next publish, which puts it on its own published_runs row. Apart
 * from the EVM reader, so a publish reads it without loading the chain readers (viem).
 */
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ingestRuns, publishedRuns, type IndexingShares } from '#db/schema/index.ts';

/** Keeps `shares` on run `runId`'s record and on the served run's row. */
export async function saveIndexing(db: Database, runId: number, shares: IndexingShares): Promise<void> {
  await db.update(ingestRuns).set({ indexing: shares }).where(eq(ingestRuns.id, runId));
  const [served] = await db.select({ runId: publishedRuns.runId }).from(publishedRuns).orderBy(desc(publishedRuns.runId)).limit(1);
  if (served) await db.update(publishedRuns).set({ indexing: shares }).where(eq(publishedRuns.runId, served.runId));
}

/**
 * The shares as last written by run `runId` or an earlier one (a run whose EVM reader read no history
 * carries the last known progress, as it carries the rest); empty when no run wrote any.
 */
export async function indexingAt(db: Database, runId: number): Promise<IndexingShares> {
  const [row] = await db
    .select({ indexing: ingestRuns.indexing })
    .from(ingestRuns)
    .where(and(isNotNull(ingestRuns.indexing), lte(ingestRuns.id, runId)))
    .orderBy(desc(ingestRuns.id))
    .limit(1);
  return row?.indexing ?? {};
}
