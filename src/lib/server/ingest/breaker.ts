/**
 * The circuit breaker, whole: before a run publishes, each fresh cell (asset on a chain) is
 * compared with the last published run's figure for it, and a cell that drops more than the bound
 * (INGEST_MAX_CHANGE) or jumps more than INGEST_MAX_JUMP times is held at its previous figure while
 * the rest publishes; then the run's totals are compared the same way, and a run whose totals move
 * so publishes nothing. The pure rules (cellBreaker, totalsBreaker) are unit-tested without a
 * database (tests/unit/ingest-truth.test.ts); `breakerFor` is what a run calls.
 */
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ingestObservations } from '#db/schema/index.ts';
import { configFor } from '#lib/server/config.ts';
import { shiftDay } from '#lib/shared/utc-day.ts';
import { formatCurrency } from '#lib/shared/format.ts';
import { pickObservations, type CellFigure } from './cells.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';
import type { Totals } from './derive/overview.ts';
import { MIN_HOLDERS_COMPARED, TOTAL_LABELS } from '#lib/server/catalogue/rules.ts';
import { lastPublished } from '#lib/server/figures/last-published.ts';

/** How the last published figure is written in a reason: dollars, or a count (holders). */
type Shown = (n: number) => string;
// Dollars by the spec's currency rule: the reason is shown on pages and in the hold's alert.
const dollars: Shown = (n) => formatCurrency(n);
const count: Shown = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

/**
 * A move beyond the bounds (a drop over `maxDrop` or a jump over `maxJump` times), described; else
 * null. The reason names the rule broken, its bound and the last published figure, never the
 * figure it refuses nor its ratio to the last one (which would give it back): a held figure appears on no page and in no API answer, and the
 * reason is shown on pages, in the run log and in the hold's alert.
 */
function moveProblem(
  label: string,
  before: number | null | undefined,
  after: number | null,
  maxDrop: number,
  maxJump: number,
  shown: Shown = dollars,
): string | null {
  if (before === null || before === undefined || after === null || before <= 0) return null;
  const last = `its last published figure (${shown(before)})`;
  // The bound, never the ratio: with the last figure beside it, a ratio would give the refused figure back.
  if (after < before * (1 - maxDrop)) return `${label}: a drop of more than the ${maxDrop * 100}% bound from ${last}`;
  if (after > before * maxJump) return `${label}: a jump above the ${maxJump}× bound over ${last}`;
  return null;
}

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
        ? moveProblem(`${asset} holders on ${chain}`, before.holders, fig.holders, maxDrop, maxJump, count)
        : null);
    if (why) held.set(key, `circuit breaker: ${why}`);
  }
  return held;
}

/** Why the run's totals hold it whole, and which total did. */
export interface TotalsHold {
  why: string;
  total: keyof Totals;
}

/** The totals' breaker: against the last published totals (a first run has none and is only bounded). */
export function totalsBreaker(
  prev: Record<string, number> | null | undefined,
  totals: Totals,
  maxDrop: number,
  maxJump: number,
): TotalsHold | null {
  for (const [k, v] of Object.entries(totals) as Array<[keyof Totals, number]>)
    if (!Number.isFinite(v) || v < 0) return { why: `circuit breaker: total ${k} is not a finite non-negative number`, total: k };
  if (!prev) return null;
  for (const k of Object.keys(TOTAL_LABELS) as Array<keyof Totals>) {
    const why = moveProblem(TOTAL_LABELS[k], Number(prev[k] ?? 0), totals[k], maxDrop, maxJump);
    if (why) return { why: `circuit breaker: ${why}`, total: k };
  }
  return null;
}

/**
 * The fresh cells of the as-of day (this run's rows) the per-asset breaker compares. A run whose
 * plan carries its rows of the day before to today (plan.ts `carryBack`) publishes those too, so
 * they are compared too.
 */
async function freshCells(db: Database, runId: number, asOf: string, carryBack: number): Promise<Map<string, CellFigure>> {
  const from = shiftDay(asOf, -carryBack);
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
  /** Why the run's totals hold the whole run (and which total), or null when they may publish. */
  checkTotals(totals: Totals): TotalsHold | null;
}

/**
 * The breaker of the run `runId` about to publish the day `asOf`: the per-asset breaker applied
 * now (its held cells go into the derived figures), the totals' breaker once they are derived.
 * Both use the bounds of the configuration (INGEST_MAX_CHANGE, INGEST_MAX_JUMP).
 */
export async function breakerFor(db: Database, env: NodeJS.ProcessEnv, runId: number, asOf: string, carryBack = 0): Promise<RunBreaker> {
  const { maxChange, maxJump } = configFor(env).ingest;
  const prev = await lastPublished(db);
  return {
    held: cellBreaker(prev?.cells, await freshCells(db, runId, asOf, carryBack), maxChange, maxJump),
    firstRun: !prev,
    checkTotals(totals) {
      const hold = totalsBreaker(prev?.totals ?? null, totals, maxChange, maxJump);
      return hold && prev ? { ...hold, why: `${hold.why} (run ${prev.id} published)` } : hold;
    },
  };
}
