/**
 * The close is the close: a run whose EVM chains closed the day on an earlier block
 * (the finalized head had not passed 00:00 UTC after the close wait, evm-head.ts) reads the day
 * again later, when the head will have passed it. The decision is recorded in the run's record (a
 * warning, shown on /sources beside the early close) and returned to the runner: the in-process
 * schedule starts the read at that time (schedule.ts); on Netlify the scheduled function, run
 * hourly after the close, reads the day again once that time has come (dayReadDue);
 * `npm run ingest` says when to run it. At most
 * CLOSE_RETRY_MAX reads of a day (the day's earlier early closes in the runs' records count); the
 * last early one stays published, marked early.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ingestRuns } from '#db/schema/index.ts';
import { CLOSE_RETRY, CLOSE_RETRY_AFTER_MIN, CLOSE_RETRY_MAX, EARLY_CLOSE } from '#lib/server/catalogue/rules.ts';

export interface CloseRetry {
  date: string;
  /** ms */
  at: number;
  /** The number of the next read of the day (2 for the first retry). */
  read: number;
}

/**
 * The rule: a run of one closed day that read any chain before the day's end (`earlyCloses`) is
 * followed by another read of that day, unless it was already the day's CLOSE_RETRY_MAX-th read
 * (`earlierReads` counts the day's earlier runs that closed early). A dry run or a run that did not
 * get to read (locked, skipped) plans nothing.
 */
export function closeRetry(
  run: { status: string; date: string; earlyCloses: number },
  earlierReads: number,
  now: number,
): CloseRetry | undefined {
  if (run.earlyCloses <= 0 || !['published', 'held', 'failed'].includes(run.status)) return undefined;
  const read = earlierReads + 2;
  if (read > CLOSE_RETRY_MAX) return undefined;
  return { date: run.date, at: now + CLOSE_RETRY_AFTER_MIN * 60_000, read };
}

export function closeRetryNote(r: CloseRetry): string {
  return `${r.date} ${EARLY_CLOSE}: ${CLOSE_RETRY} ${new Date(r.at).toISOString()} (read ${r.read} of at most ${CLOSE_RETRY_MAX}), when the head will have passed the close`;
}

interface RunOutcome {
  runId: number;
  status: string;
  counts: Record<string, Record<string, number>>;
  warnings: string[];
}

/**
 * After a run of the one closed day `date` (not head first, not a dry run): plans the next read of
 * the day when this one closed early, and records it in the run's record.
 */
export async function planCloseRetry<R extends RunOutcome>(
  db: Database,
  date: string,
  r: R,
  now = Date.now(),
): Promise<R & { retry?: CloseRetry }> {
  const earlyCloses = r.counts.evm?.earlyCloses ?? 0;
  if (!r.runId || earlyCloses <= 0) return r;
  const earlier = (
    await db.select({ id: ingestRuns.id, counts: ingestRuns.counts }).from(ingestRuns).where(eq(ingestRuns.asOf, date))
  ).filter((x) => x.id < r.runId && (x.counts.evm?.earlyCloses ?? 0) > 0).length;
  const retry = closeRetry({ status: r.status, date, earlyCloses }, earlier, now);
  if (!retry) return r;
  const warnings = [...r.warnings, closeRetryNote(retry)];
  await db.update(ingestRuns).set({ warnings }).where(eq(ingestRuns.id, r.runId));
  return { ...r, warnings, retry };
}

/**
 * Whether a scheduled trigger (Netlify's, several times after the close) should start a read of
 * the closed day `date` now: when no run has read it yet or the last one did not publish, or when
 * the last one closed early and its next read is due (the same rule and time planCloseRetry
 * recorded). Otherwise the day is read, and the trigger says so instead of reading it again.
 */
export async function dayReadDue(db: Database, date: string, now = Date.now()): Promise<{ due: boolean; why: string }> {
  const runs = (
    await db
      .select({ id: ingestRuns.id, status: ingestRuns.status, counts: ingestRuns.counts, finishedAt: ingestRuns.finishedAt })
      .from(ingestRuns)
      .where(eq(ingestRuns.asOf, date))
  ).sort((a, b) => a.id - b.id);
  const last = runs.at(-1);
  if (!last) return { due: true, why: `no run has read ${date} yet` };
  if (last.status !== 'published') return { due: true, why: `the last run of ${date} (run ${last.id}) is ${last.status}` };
  const earlier = runs.filter((x) => x.id < last.id && (x.counts.evm?.earlyCloses ?? 0) > 0).length;
  const finished = Date.parse(last.finishedAt ?? '') || now;
  const retry = closeRetry({ status: last.status, date, earlyCloses: last.counts.evm?.earlyCloses ?? 0 }, earlier, finished);
  if (!retry) return { due: false, why: `run ${last.id} published ${date} at its close` };
  if (retry.at > now) return { due: false, why: `run ${last.id} closed ${date} early; ${CLOSE_RETRY} ${new Date(retry.at).toISOString()}` };
  return { due: true, why: `run ${last.id} closed ${date} early: read ${retry.read} of at most ${CLOSE_RETRY_MAX}` };
}
