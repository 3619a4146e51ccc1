/**
 * Batched reads: a page's queries travel to the database together, in one round trip.
 *
 * A remote libSQL server is 5-50 ms away, so a page that awaited its queries one after another paid
 * that many times over (`/` once made 10 round trips). A `Read` is a query (or a few) plus how
 * its rows become the value a caller wants; `readAll` sends the queries of every read it is given as
 * one `db.batch` (one HTTP request to sqld or Turso, one deferred transaction on a local file, so the
 * page also sees one consistent state) and maps each result back.
 *
 * A read marked optional (`orElse`) keeps its old per-section failure rule: when the batch fails, the
 * reads are run again one by one, so a failing optional read gives its fallback value and the others
 * still succeed. That costs extra round trips only on a failure.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import { getDb } from './client.ts';
import { sharedRead } from './read-memo.ts';

type Query = BatchItem<'sqlite'>;

export interface Read<T> {
  readonly queries: readonly Query[];
  /** Rows of each query, in order, to the value. */
  readonly map: (results: unknown[]) => T;
  /** The value to use when this read fails; without it a failure fails the whole `readAll`. */
  readonly recover?: (error: unknown) => T;
}

/** One query and how its rows become the value. */
export function read<Q extends Query, T>(query: Q, map: (rows: Q['_']['result']) => T): Read<T> {
  return { queries: [query], map: ([rows]) => map(rows) };
}

/** Several queries that together make one value (they still share the caller's round trip). */
export function readMany<const Q extends readonly Query[], T>(
  queries: Q,
  map: (results: { [K in keyof Q]: Q[K]['_']['result'] }) => T,
): Read<T> {
  return { queries, map: (results) => map(results as { [K in keyof Q]: Q[K]['_']['result'] }) };
}

/** The same read, answering `fallback(error)` instead of failing the page. */
export function orElse<T, F>(r: Read<T>, fallback: (error: unknown) => F): Read<T | F> {
  return { queries: r.queries, map: r.map, recover: fallback };
}

type Values<R extends readonly Read<unknown>[]> = { -readonly [K in keyof R]: R[K] extends Read<infer T> ? T : never };

/** Each read's share of the results, mapped (an optional read that fails to map gives its fallback). */
function mapEach<R extends readonly Read<unknown>[]>(reads: R, results: unknown[]): Values<R> {
  let at = 0;
  return reads.map((r) => {
    const mine = results.slice(at, (at += r.queries.length));
    if (!r.recover) return r.map(mine);
    try {
      return r.map(mine);
    } catch (error) {
      return r.recover(error);
    }
  }) as Values<R>;
}

/**
 * Several reads made into one value: a loader that needs them all is itself one `Read`, so a page
 * sends it in the same batch as its own other reads (the run state, say) and keeps its one round trip.
 */
export function combine<const R extends readonly Read<unknown>[], T>(reads: R, build: (values: Values<R>) => T): Read<T> {
  return { queries: reads.flatMap((r) => r.queries), map: (results) => build(mapEach(reads, results)) };
}

/** drizzle's queries are promises at run time, though `BatchItem` does not say so. */
function isThenable(query: Query): query is Query & PromiseLike<unknown> {
  return typeof (query as Partial<PromiseLike<unknown>>).then === 'function';
}

/** One round trip, or none when a render at the same change counter asked the same already (read-memo.ts). */
function run(queries: readonly Query[]): Promise<unknown[]> {
  return sharedRead(queries, async () => {
    if (queries.length === 1 && isThenable(queries[0])) return [await queries[0]];
    return getDb().batch(queries as unknown as [Query, ...Query[]]);
  });
}

/** Runs every read's queries in one round trip and maps the results back, in the order given. */
export async function readAll<const R extends readonly Read<unknown>[]>(reads: R): Promise<Values<R>> {
  const queries = reads.flatMap((r) => r.queries);
  let results: unknown[] | undefined;
  try {
    results = queries.length ? await run(queries) : [];
  } catch (error) {
    // Which read failed is unknown: run them apart, so optional ones fall back and the rest still load.
    if (!reads.some((r) => r.recover)) throw error;
  }
  if (results) return mapEach(reads, results);
  return (await Promise.all(reads.map((r) => readOne(r)))) as Values<R>;
}

/** One read on its own (its queries still batched together). */
export async function readOne<T>(r: Read<T>): Promise<T> {
  try {
    return r.map(await run(r.queries));
  } catch (error) {
    if (r.recover) return r.recover(error);
    throw error;
  }
}
