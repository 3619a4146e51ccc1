/**
 * The public correction log, ingest side: once a run is published, every figure of a
 * past day it changed (one asset on one chain from one source, published before by an earlier run)
 * is recorded with before and after, the reason and the method version; so is a change of the
 * method itself (METHOD_VERSION). Read by /corrections and /api/corrections (open-data/corrections.ts).
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { corrections, ingestObservations } from '#db/schema/index.ts';
import { isoDay } from '#lib/shared/utc-day.ts';
import type { EvmReceipt } from '#lib/shared/receipts.ts';
import { METHOD_CHANGES, METHOD_VERSION } from '#lib/server/catalogue/rules.ts';
import { receiptsOf } from '#lib/server/figures/receipts.ts';
import { methodVersionBefore } from '#lib/server/figures/run-state.ts';

type Obs = typeof ingestObservations.$inferSelect;
type Entry = typeof corrections.$inferInsert;
const FIGURES = ['value', 'supply', 'price', 'holders'] as const;

const numberOf = (o: Obs, f: (typeof FIGURES)[number]) => (f === 'supply' ? Number(o.supply) : o[f]);
/** Equal within float noise: a figure re-read to the same amount is not a correction. */
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const textOf = (o: Obs, f: (typeof FIGURES)[number]) => (f === 'supply' ? o.supply : o[f] === null ? null : String(o[f]));

/** What the two receipts say changed besides the chain's state: the wallets excluded, the price's source. */
function receiptReason(before: EvmReceipt | undefined, after: EvmReceipt | undefined): string | null {
  if (!before || !after) return null;
  const had = new Set(before.excluded.map((e) => e.wallet));
  const has = new Set(after.excluded.map((e) => e.wallet));
  const added = [...has].filter((w) => !had.has(w));
  const removed = [...had].filter((w) => !has.has(w));
  const parts: string[] = [];
  if (added.length || removed.length)
    parts.push(
      `the wallets excluded from supply changed (${[...added.map((w) => `now excluded: ${w}`), ...removed.map((w) => `no longer excluded: ${w}`)].join('; ')})`,
    );
  if (before.price.source !== after.price.source) parts.push(`the price is read another way (${after.price.source})`);
  return parts.length ? parts.join('; ') : null;
}

/** Why the figure changed, from what the two reads say about themselves. */
function reasonOf(before: Obs, after: Obs, receipts?: { before?: EvmReceipt; after?: EvmReceipt }): string {
  const kept = receiptReason(receipts?.before, receipts?.after);
  if (kept) return kept;
  if (after.blockNumber !== null && before.blockNumber !== after.blockNumber)
    return `read again at block ${after.blockNumber}; the figure published by run ${before.runId} was read at block ${before.blockNumber ?? 'unknown'}`;
  if (after.apiUrl)
    return `${after.source} answered differently when asked again (fetched ${after.fetchedAt}; the published figure was fetched ${before.fetchedAt})`;
  return `read again by run ${after.runId}; the published figure was read by run ${before.runId}`;
}

type Figure = (typeof FIGURES)[number];

/** The figures that differ between an earlier published row and the row that replaces it (pure). */
export function changedFigures(before: Obs, after: Obs): Figure[] {
  return FIGURES.filter((f) => {
    const b = numberOf(before, f);
    const a = numberOf(after, f);
    // Unknown before (holders still indexing) and known now is no correction; known and now gone is.
    return b !== null && !(a !== null && same(a, b));
  });
}

/** A row of this run that replaces one an earlier run published, with the figures it changed (found once). */
export interface Replaced {
  before: Obs;
  after: Obs;
  figures: Figure[];
}

/**
 * The rows of this run that change a figure an earlier run published, each with its changed
 * figures: the one comparison the recorder makes (pure). A daily re-read of the same figures is none.
 */
export function replacedRows(mine: readonly Obs[], earlier: readonly Obs[]): Replaced[] {
  const key = (r: Obs) => `${r.date}|${r.assetSymbol}|${r.chain}|${r.source}`;
  const last = new Map<string, Obs>();
  for (const r of earlier) if ((last.get(key(r))?.runId ?? -1) < r.runId) last.set(key(r), r);
  return mine.flatMap((after) => {
    const before = last.get(key(after));
    const figures = before ? changedFigures(before, after) : [];
    return before && figures.length ? [{ before, after, figures }] : [];
  });
}

/** The corrections of a replaced row's changed figures, with the reason (pure, unit-tested). */
export function changesOf(r: Replaced, recordedAt: string, receipts?: { before?: EvmReceipt; after?: EvmReceipt }): Entry[] {
  const { before, after } = r;
  return r.figures.map((f) => ({
    recordedAt,
    runId: after.runId,
    previousRunId: before.runId,
    date: after.date,
    assetSymbol: after.assetSymbol,
    chain: after.chain,
    source: after.source,
    figure: f,
    before: textOf(before, f),
    after: textOf(after, f),
    reason: reasonOf(before, after, receipts),
    methodVersion: METHOD_VERSION,
  }));
}

async function record(db: Database, entries: Entry[]) {
  for (const e of entries)
    await db
      .insert(corrections)
      .values(e)
      .onConflictDoUpdate({
        target: [corrections.runId, corrections.date, corrections.assetSymbol, corrections.chain, corrections.source, corrections.figure],
        set: { after: e.after, reason: e.reason },
      });
}

/**
 * After run `runId` is published: its accepted rows of days before today that replace a figure an
 * earlier run published, and a method version other than the last published run's. Idempotent (a
 * head-first run publishes twice).
 */
export async function recordCorrections(db: Database, runId: number, now = Date.now()): Promise<number> {
  const recordedAt = new Date(now).toISOString();
  const o = ingestObservations;
  const mine = await db
    .select()
    .from(o)
    .where(and(eq(o.runId, runId), eq(o.accepted, true), lt(o.date, isoDay(now))));
  const entries: Entry[] = [];
  if (mine.length) {
    const earlier = await db
      .select()
      .from(o)
      .where(
        and(
          eq(o.accepted, true),
          lt(o.runId, runId),
          inArray(o.date, [...new Set(mine.map((r) => r.date))]),
          inArray(o.assetSymbol, [...new Set(mine.map((r) => r.assetSymbol))]),
        ),
      );
    // Only the reads whose figures differ need their receipts (a daily re-read of the same figures needs none).
    const changed = replacedRows(mine, earlier);
    // The receipts of both reads, to say what changed (the wallets excluded, the price's source).
    const receiptOf = await receiptsOf(db, [...changed.map((r) => r.after), ...changed.map((r) => r.before)]);
    for (const r of changed) entries.push(...changesOf(r, recordedAt, { before: receiptOf(r.before), after: receiptOf(r.after) }));
  }
  // Against the run published before this one (its row keeps its method version); told once per run.
  const was = await methodVersionBefore(db, runId);
  const told = await db
    .select({ id: corrections.id })
    .from(corrections)
    .where(and(eq(corrections.runId, runId), eq(corrections.figure, 'method')))
    .limit(1);
  if (was !== null && was !== METHOD_VERSION && !told.length)
    entries.push({
      recordedAt,
      runId,
      date: isoDay(now),
      figure: 'method',
      before: `method version ${was}`,
      after: `method version ${METHOD_VERSION}`,
      reason: METHOD_CHANGES[METHOD_VERSION] ?? 'the method changed',
      methodVersion: METHOD_VERSION,
    });
  await record(db, entries);
  return entries.length;
}
