/**
 * The one typed reader of the runs' state. The served run is the newest published_runs row
 * (db/schema/published.ts): its as-of day, its overview, the cells it shows stale, the indexing
 * shares, its method version, each checked against the row's zod schemas, never cast. Without a
 * published run the site serves the snapshot, whose as-of day and overview are the seed's keys of
 * dataset_meta (setup/analytics.ts); nothing else of a run is kept there.
 *
 * Also the state the pages' age note needs (data-age.ts): is a live run published, and how did the
 * latest run end. Read at each render, never kept: a rendered data page is kept by the page cache
 * until the database changes (response-cache.ts), and a run's record is such a change, so a kept state
 * would outlive it on the cached page. Each is a `Read`, so a page sends it in the one batch of its
 * other reads (reads.ts: a page makes at most 2 round trips, the change counter and that batch).
 */
import { desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { holdingSchema, type Holding } from '#lib/shared/schemas/holdings.ts';
import type { Database } from '#db/client.ts';
import {
  datasetMeta,
  indexingSchema,
  ingestRuns,
  publishedRuns,
  snapshotComparisonSchema,
  staleCellsSchema,
  type IndexingShares,
  type PublishedStaleCell,
  type SnapshotComparison,
} from '#db/schema/index.ts';
import { getDb } from '#lib/server/db/client.ts';
import { combine, orElse, read, readAll, readMany, readOne, type Read } from '#lib/server/db/reads.ts';
import { freshness, type Freshness, type RunState } from '#lib/shared/data-age.ts';
import { isoDay } from '#lib/shared/utc-day.ts';
import { now } from '#lib/server/clock.ts';
import { isOfflineRun } from '#lib/server/catalogue/offline.ts';

/** What the served run published, checked. */
export interface ServedRun {
  runId: number;
  asOf: string;
  publishedAt: string;
  methodVersion: number;
  /** The cells shown with an earlier day's figure (or a stale price), with their age and why. */
  staleCells: PublishedStaleCell[];
  /** Per `SYMBOL|chain`, the share (0-100) of its history read. */
  indexing: IndexingShares;
  /** The market overview as served (spec shape); its fields are checked one by one where it is answered. */
  overview: Record<string, unknown>;
  /** Who holds whom on the as-of day (holdings.ts), checked: a row that is not one is left out, never guessed. */
  holdings: Holding[];
}

/** The two facts every page's origins rest on: the as-of day, and the served run (undefined while the snapshot is served). */
export interface ServedFacts {
  asOf: string;
  publishedRun?: number;
}

/** The snapshot's keys of dataset_meta, written by the seed: its as-of day and its overview. */
const SNAPSHOT_AS_OF = 'asOf';
const SNAPSHOT_OVERVIEW = 'marketOverview';

/** A row's list or map that fails its schema reads as empty: a run's notes are never guessed from a malformed row. */
const checked = <T>(schema: z.ZodType<T>, value: unknown, empty: T): T => {
  const r = schema.safeParse(value);
  return r.success ? r.data : empty;
};
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The row, checked: its lists and maps against their schemas. */
function servedRunFrom(row: Omit<typeof publishedRuns.$inferSelect, 'snapshotComparison'> | undefined): ServedRun | undefined {
  if (!row) return undefined;
  return {
    runId: row.runId,
    asOf: row.asOf,
    publishedAt: row.publishedAt,
    methodVersion: row.methodVersion,
    staleCells: checked(staleCellsSchema, row.staleCells, []),
    indexing: checked(indexingSchema, row.indexing, {}),
    overview: isObject(row.overview) ? row.overview : {},
    holdings: checked(z.array(holdingSchema), row.holdings, []),
  };
}

/** The newest published_runs row: the run the site serves. */
const servedRunQuery = (db: Database = getDb()) =>
  db
    .select({
      runId: publishedRuns.runId,
      asOf: publishedRuns.asOf,
      publishedAt: publishedRuns.publishedAt,
      methodVersion: publishedRuns.methodVersion,
      staleCells: publishedRuns.staleCells,
      indexing: publishedRuns.indexing,
      overview: publishedRuns.overview,
      holdings: publishedRuns.holdings,
    })
    .from(publishedRuns)
    .orderBy(desc(publishedRuns.runId))
    .limit(1);
/** The served run's id and day only (most reads need no more). */
const servedIdQuery = (db: Database = getDb()) =>
  db.select({ runId: publishedRuns.runId, asOf: publishedRuns.asOf }).from(publishedRuns).orderBy(desc(publishedRuns.runId)).limit(1);
const snapshotQuery = (db: Database = getDb(), keys: string[] = [SNAPSHOT_AS_OF]) =>
  db.select().from(datasetMeta).where(inArray(datasetMeta.key, keys));

type MetaRow = { key: string; value: unknown };
const snapshotAsOf = (rows: MetaRow[]) => {
  const v = rows.find((r) => r.key === SNAPSHOT_AS_OF)?.value;
  return typeof v === 'string' ? v : undefined;
};
const factsFrom = (run: { runId: number; asOf: string } | undefined, meta: MetaRow[]): ServedFacts => ({
  // Without a run or the seed's day: today (UTC), as asOfSql answers.
  asOf: run?.asOf ?? snapshotAsOf(meta) ?? isoDay(Date.now()),
  publishedRun: run?.runId,
});

/**
 * The as-of day as SQL, for reads that depend on it to travel in the same round trip (windows such as
 * days=7 are counted back from it): the served run's, else the snapshot's, else today (UTC).
 */
export const asOfSql = sql<string>`coalesce((select ${publishedRuns.asOf} from ${publishedRuns} order by ${publishedRuns.runId} desc limit 1), (select json_extract(${datasetMeta.value}, '$') from ${datasetMeta} where ${datasetMeta.key} = ${SNAPSHOT_AS_OF}), date('now'))`;

/** The as-of day and the served run, in one read to batch with a page's others. */
export const servedFactsRead = (): Read<ServedFacts> =>
  readMany([servedIdQuery(), snapshotQuery()], ([[run], meta]) => factsFrom(run, meta));

/** The dataset's as-of day (YYYY-MM-DD). */
export const asOfRead = (): Read<string> => combine([servedFactsRead()], ([facts]) => facts.asOf);
export const getAsOf = (): Promise<string> => readOne(asOfRead());

/** The served run whole (undefined while the snapshot is served). */
export const servedRunRead = (): Read<ServedRun | undefined> => read(servedRunQuery(), ([row]) => servedRunFrom(row));

/**
 * The overview served, with the facts: the run's, else the snapshot's (the seed's key), else
 * undefined (no figure is made up in its place).
 */
export const servedOverviewRead = (): Read<ServedFacts & { overview: Record<string, unknown> | undefined }> =>
  readMany([servedRunQuery(), snapshotQuery(getDb(), [SNAPSHOT_AS_OF, SNAPSHOT_OVERVIEW])], ([[row], meta]) => {
    const run = servedRunFrom(row);
    const seeded = meta.find((r) => r.key === SNAPSHOT_OVERVIEW)?.value;
    return { ...factsFrom(run, meta), overview: run ? run.overview : isObject(seeded) ? seeded : undefined };
  });

/** The first published run's comparison with the snapshot it replaced (empty before one, or when it made none). */
export const snapshotComparisonRead = (): Read<SnapshotComparison> =>
  read(
    getDb()
      .select({ comparison: publishedRuns.snapshotComparison })
      .from(publishedRuns)
      .where(isNotNull(publishedRuns.snapshotComparison))
      .orderBy(desc(publishedRuns.runId))
      .limit(1),
    ([row]) => checked(snapshotComparisonSchema, row?.comparison, []),
  );

/** The served run, for the writer's own processes (a start's line, the first-run trigger, setup). */
export async function servedRun(db: Database): Promise<ServedRun | undefined> {
  const [row] = await servedRunQuery(db);
  return servedRunFrom(row);
}

/** The as-of day and the served run, for the writer's own processes. */
export async function servedFacts(db: Database): Promise<ServedFacts> {
  const [[run], meta] = await Promise.all([servedIdQuery(db), snapshotQuery(db)]);
  return factsFrom(run, meta);
}

/** The method version of the run published before `runId` (null before the first): what a method change is told against. */
export async function methodVersionBefore(db: Database, runId: number): Promise<number | null> {
  const [row] = await db
    .select({ v: publishedRuns.methodVersion })
    .from(publishedRuns)
    .where(lt(publishedRuns.runId, runId))
    .orderBy(desc(publishedRuns.runId))
    .limit(1);
  return row ? row.v : null;
}

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
        servedIdQuery(db),
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
