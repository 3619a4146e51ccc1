/**
 * The state of the runs the pages' age note needs (data-age.ts): is a live run published, and how did
 * the latest run end. Read at each render, never kept: a rendered data page is kept by the page cache
 * until the database changes (response-cache.ts), and a run's record is such a change, so a kept state
 * would outlive it on the cached page. It is a `Read`, so a page sends it in the one batch of its
 * other reads (reads.ts: a page makes at most 2 round trips, the change counter and that batch).
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { datasetMeta, ingestRuns } from '#db/schema/index.ts';
import { getDb } from '#lib/server/db/client.ts';
import { orElse, readAll, readMany, type Read } from '#lib/server/db/reads.ts';
import { freshness, type Freshness, type RunState } from '#lib/shared/data-age.ts';
import { isoDay } from '#lib/shared/utc-day.ts';
import { now } from '#lib/server/clock.ts';
import { isOfflineRun } from '#lib/server/catalogue/offline.ts';

/** The as-of date of the newest published run (by date, not by run id: a backfill publishes an older day); undefined before the first. */
export async function lastPublishedAsOf(db: Database): Promise<string | undefined> {
  const [last] = await db
    .select({ asOf: ingestRuns.asOf })
    .from(ingestRuns)
    .where(eq(ingestRuns.status, 'published'))
    .orderBy(desc(ingestRuns.asOf))
    .limit(1);
  return last?.asOf;
}

/** An unreadable state (a database hiccup) shows no note rather than failing the page. */
export function runStateRead(): Read<RunState> {
  const db = getDb();
  return orElse(
    readMany(
      [
        db.select({ value: datasetMeta.value }).from(datasetMeta).where(eq(datasetMeta.key, 'publishedRun')),
        db.select({ status: ingestRuns.status, reason: ingestRuns.reason }).from(ingestRuns).orderBy(desc(ingestRuns.id)).limit(1),
      ],
      ([published, [last]]): RunState => {
        const status = last?.status;
        return {
          published: published.length > 0,
          lastStatus: status === 'running' || status === 'published' || status === 'held' || status === 'failed' ? status : undefined,
          offline: last ? isOfflineRun(last) : false,
        };
      },
    ),
    (): RunState => ({ published: false }),
  );
}

/** How old figures as of `asOf` are, in words, and the age note when they are old: what a page passes to its "Data as of". */
export function ageOf(asOf: string, state: RunState): Freshness {
  return freshness(asOf, isoDay(now().getTime()), state);
}

/**
 * A page's reads sent in one batch with the run state, the page built from them, and how old its
 * figures are (the entity pages): undefined when the page is (an unknown id).
 */
export async function readWithAge<R, P extends { asOf: string }>(
  r: Read<R>,
  build: (value: R) => P | undefined | Promise<P | undefined>,
): Promise<{ page: P; age: Freshness } | undefined> {
  const [value, state] = await readAll([r, runStateRead()]);
  const page = await build(value);
  return page && { page, age: ageOf(page.asOf, state) };
}
