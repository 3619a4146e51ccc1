/**
 * The page's reads, shared by its views while the data stands still.
 *
 * A page with sortable and filterable tables has many views (`/assets?sort=name`, `?class=...`): each is
 * an entry of its own in the page cache, and each was a render with its own batch of reads. Yet a view
 * only sorts and filters the rows the plain page read: the same questions to the database, the same
 * answers while its change counter stands where it was. So a render of such a page that the page cache
 * files under a counter runs inside `withReadMemo(counter)` (the middleware does it), and its batches
 * are shared: the first render at that counter reads, and the others (its views, a render running at
 * the same moment) take a copy of those rows for a short while. A link crawler that follows every sort and filter link
 * then costs the database one read per page, not one per view; only the sort and filter step differs.
 *
 * Why sharing cannot show a wrong figure:
 * - The key is the batch itself (each query's SQL and parameters) and the counter: two renders share
 *   rows only when they ask the same question at the same counter. A view that reads something else
 *   reads; a write anywhere moves the counter, and the next render reads afresh.
 * - Only SELECTs built by drizzle's query builder are shared (their SQL is known before they run, and
 *   their rows are plain objects); anything else reads as before.
 * - Each render gets its own copy, so a page that sorts or changes its rows in place changes no other's.
 * - Only the newest counter's batches are kept, at most MAX_ENTRIES, each at most MEMO_MS (the page
 *   cache's own longest life), and the middleware never shares for a signed-in request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { is } from 'drizzle-orm';
import { SQLiteSelectBase } from 'drizzle-orm/sqlite-core';

const MEMO_MS = 10_000;
const MAX_ENTRIES = 32;

interface Entry {
  version: number;
  expires: number;
  /** The rows as read, never handed out: each render gets a copy. */
  results: Promise<unknown[]>;
}

const entries = new Map<string, Entry>();
const scope = new AsyncLocalStorage<number>();

/** Runs `render` with its batches shared with the other renders at this change counter. */
export const withReadMemo = <T>(version: number, render: () => T): T => scope.run(version, render);

/**
 * A render's own copy of the rows: arrays, plain objects (a row, a JSON column's value) and dates are
 * copied, anything else is handed on as it is (the published tables hold no blobs). By hand: structuredClone took 10 to 40 times as long on rows.
 */
function copy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copy((value as Record<string, unknown>)[key]);
  return out as T;
}

/** The batch's key: each query's SQL and typed parameters; undefined when a query is not a built SELECT. */
function keyOf(queries: readonly unknown[]): string | undefined {
  const built: unknown[] = [];
  for (const q of queries) {
    if (!is(q, SQLiteSelectBase)) return undefined;
    const { sql, params } = q.toSQL();
    // The type beside each value: the number 1 and the text '1' are different questions.
    built.push(
      sql,
      params.map((p) => [typeof p, typeof p === 'bigint' ? String(p) : p]),
    );
  }
  return JSON.stringify(built);
}

/**
 * The batch's results: a copy of those read at this counter when another render read them, else read
 * by `send` (and kept, when the render is shared). Outside `withReadMemo`, just `send()`.
 */
export async function sharedRead(queries: readonly unknown[], send: () => Promise<unknown[]>): Promise<unknown[]> {
  const version = scope.getStore();
  const key = version === undefined ? undefined : keyOf(queries);
  if (version === undefined || key === undefined) return send();
  const at = Date.now();
  const kept = entries.get(key);
  if (kept && kept.version === version && kept.expires > at) {
    try {
      return copy(await kept.results);
    } catch {
      // That render's read failed (and is no longer kept): this one asks for itself.
    }
  }

  const results = send();
  // A newer counter outdates every batch kept: they are dropped, not left to expire.
  for (const [k, e] of entries) if (e.version !== version || e.expires <= at) entries.delete(k);
  const entry: Entry = { version, expires: at + MEMO_MS, results };
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  let rows: unknown[];
  try {
    rows = await results;
  } catch (error) {
    // A failed read is not kept: the next render asks again.
    if (entries.get(key) === entry) entries.delete(key);
    throw error;
  }
  return copy(rows);
}
