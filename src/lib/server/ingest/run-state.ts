/**
 * The state of the runs the pages' age note needs (data-age.ts): is a live run published, and how did
 * the latest run end. Read at each render, never kept: a rendered data page is kept by the page cache
 * until the database changes (response-cache.ts), and a run's record is such a change, so a kept state
 * would outlive it on the cached page.
 */
import { desc, eq } from 'drizzle-orm';
import { datasetMeta, ingestRuns } from '#db/schema/index.ts';
import { getDb } from '#lib/server/db.ts';
import { ageNote, type AgeNote, type RunState } from '#lib/shared/data-age.ts';
import { isoDay } from '#lib/shared/utc-day.ts';
import { now } from '#lib/server/clock.ts';
import { isOfflineRun } from './offline.ts';

/** The age note of figures as of `asOf` (null while they are current): what a page passes to its "Data as of". */
export async function ageOf(asOf: string): Promise<AgeNote | null> {
  return ageNote(asOf, isoDay(now().getTime()), await runState());
}

/** An unreadable state (a database hiccup) shows no note rather than failing the page. */
function runState(): Promise<RunState> {
  return read().catch((): RunState => ({ published: false }));
}

async function read(): Promise<RunState> {
  const db = getDb();
  const [published, [last]] = await Promise.all([
    db.select({ value: datasetMeta.value }).from(datasetMeta).where(eq(datasetMeta.key, 'publishedRun')),
    db.select({ status: ingestRuns.status, reason: ingestRuns.reason }).from(ingestRuns).orderBy(desc(ingestRuns.id)).limit(1),
  ]);
  const status = last?.status;
  return {
    published: published.length > 0,
    lastStatus: status === 'running' || status === 'published' || status === 'held' || status === 'failed' ? status : undefined,
    offline: last ? isOfflineRun(last) : false,
  };
}
