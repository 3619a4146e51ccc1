/**
 * The circuit breaker, whole: before a run publishes, each fresh cell (asset on a chain) is
 * compared with the last published run's figure for it, and a cell that drops more than the bound
 * (INGEST_MAX_CHANGE) or jumps more than INGEST_MAX_JUMP times is held at its previous figure while
 * the rest publishes; then the run's totals are compared the same way, and a run whose totals move
 * so publishes nothing. The pure rules (cellBreaker, totalsBreaker) are unit-tested without a
 * database (tests/unit/ingest-truth.test.ts); `breakerFor` is what a run calls.
 */
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ingestObservations, ingestRuns } from '#db/schema/index.ts';
import { configFor } from '#lib/server/config.ts';
import { shiftDay } from '#lib/shared/utc-day.ts';
import { cellKey, pickObservations, type CellFigure } from './cells.ts';
import type { Totals } from './derive/overview.ts';

/** A move beyond the bounds (a drop over `maxDrop` or a jump over `maxJump` times), described; else null. */
function moveProblem(
  label: string,
  before: number | null | undefined,
  after: number | null,
  maxDrop: number,
  maxJump: number,
): string | null {
  if (before === null || before === undefined || after === null || before <= 0) return null;
  if (after < before * (1 - maxDrop))
    return `${label} would drop ${(((after - before) / before) * 100).toFixed(1)}% (from ${before} to ${after}), more than the ${maxDrop * 100}% bound`;
  if (after > before * maxJump)
    return `${label} would jump ${(after / before).toFixed(1)}x (from ${before} to ${after}), more than the ${maxJump}x bound`;
  return null;
}

/** Holder counts below this are too small for a ratio to mean anything. */
export const MIN_HOLDERS_COMPARED = 100;

/**
 * The breaker per asset per chain: each fresh cell against the last published run's figure for
 * it. A held cell keeps its previous figure; the rest publishes.
 */
export function cellBreaker(
  prev: Record<string, CellFigure> | null | undefined,
  now: Map<string, CellFigure>,
  maxDrop: number,
  maxJump: number,
): Map<string, string> {
  const held = new Map<string, string>();
  if (!prev) return held;
  for (const [key, fig] of now) {
    const before = prev[key];
    if (!before) continue;
    const [asset, chain] = key.split('|');
    const why =
      moveProblem(`${asset} on ${chain}`, before.value, fig.value, maxDrop, maxJump) ??
      (before.holders !== null && before.holders >= MIN_HOLDERS_COMPARED
        ? moveProblem(`${asset} holders on ${chain}`, before.holders, fig.holders, maxDrop, maxJump)
        : null);
    if (why) held.set(key, `circuit breaker: ${why}`);
  }
  return held;
}

/** The totals' breaker: against the last published totals (a first run has none and is only bounded). */
export function totalsBreaker(
  prev: Record<string, number> | null | undefined,
  totals: Totals,
  maxDrop: number,
  maxJump: number,
): string | null {
  for (const [k, v] of Object.entries(totals))
    if (!Number.isFinite(v) || v < 0) return `circuit breaker: total ${k} is ${v}, not a finite non-negative number`;
  if (!prev) return null;
  const labels: Record<keyof Totals, string> = { rwa: 'total RWA value', stablecoins: 'total stablecoin value' };
  for (const k of Object.keys(labels) as Array<keyof Totals>) {
    const why = moveProblem(labels[k], Number(prev[k] ?? 0), totals[k], maxDrop, maxJump);
    if (why) return `circuit breaker: ${why}`;
  }
  return null;
}

/** The last published run's totals and cells: what the breaker compares with. */
async function lastPublished(db: Database) {
  const [prev] = await db
    .select({ id: ingestRuns.id, totals: ingestRuns.totals, cells: ingestRuns.cells })
    .from(ingestRuns)
    .where(eq(ingestRuns.status, 'published'))
    .orderBy(desc(ingestRuns.id))
    .limit(1);
  return prev;
}

/**
 * The fresh cells of the as-of day (this run's rows) the per-asset breaker compares. A head-first
 * run's cells read at the day before's close are published today too, so they are compared too.
 */
async function freshCells(db: Database, runId: number, asOf: string, head: boolean): Promise<Map<string, CellFigure>> {
  const from = head ? shiftDay(asOf, -1) : asOf;
  const rows = await db
    .select()
    .from(ingestObservations)
    .where(and(eq(ingestObservations.runId, runId), gte(ingestObservations.date, from), lte(ingestObservations.date, asOf)));
  const out = new Map<string, CellFigure>();
  // Oldest first: a cell read today replaces its row of the day before.
  const picked = [...pickObservations(rows, runId).values()].sort((a, b) => a.date.localeCompare(b.date));
  for (const o of picked) out.set(cellKey(o.assetSymbol, o.chain), { value: o.value, holders: o.holders });
  return out;
}

export interface RunBreaker {
  /** Cells held at their previous figure (`SYMBOL|chain` -> why). */
  held: Map<string, string>;
  /** No run has published before: the figures are compared with the snapshot instead. */
  firstRun: boolean;
  /** Why the run's totals hold the whole run, or null when they may publish. */
  checkTotals(totals: Totals): string | null;
}

/**
 * The breaker of the run `runId` about to publish the day `asOf`: the per-asset breaker applied
 * now (its held cells go into the derived figures), the totals' breaker once they are derived.
 * Both use the bounds of the configuration (INGEST_MAX_CHANGE, INGEST_MAX_JUMP).
 */
export async function breakerFor(db: Database, env: NodeJS.ProcessEnv, runId: number, asOf: string, head = false): Promise<RunBreaker> {
  const { maxChange, maxJump } = configFor(env).ingest;
  const prev = await lastPublished(db);
  return {
    held: cellBreaker(prev?.cells, await freshCells(db, runId, asOf, head), maxChange, maxJump),
    firstRun: !prev,
    checkTotals(totals) {
      const why = totalsBreaker(prev?.totals ?? null, totals, maxChange, maxJump);
      return why && prev ? `${why} (run ${prev.id} published)` : why;
    },
  };
}
