/**
 * What the Netlify scheduled ingest (netlify/functions/ingest-scheduled.mts) reports. A background
 * function always answers 202 before it runs, so that answer says nothing: the scheduled function reads
 * the runs in the database instead, before and after starting it, and judges with `judgeTrigger`.
 */
import { desc, gt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ingestRuns } from '#db/schema/index.ts';

export interface RunRow {
  id: number;
  status: string;
  asOf: string;
  reason: string | null;
}

export interface Verdict {
  ok: boolean;
  /** One line for the function's log. */
  message: string;
}

/** The newest run recorded, if any. */
export async function latestRun(db: Database): Promise<RunRow | undefined> {
  const [row] = await db
    .select({ id: ingestRuns.id, status: ingestRuns.status, asOf: ingestRuns.asOf, reason: ingestRuns.reason })
    .from(ingestRuns)
    .orderBy(desc(ingestRuns.id))
    .limit(1);
  return row;
}

/** The first run recorded after `afterId` (the one the trigger started), if any. */
export async function runAfter(db: Database, afterId: number): Promise<RunRow | undefined> {
  const [row] = await db
    .select({ id: ingestRuns.id, status: ingestRuns.status, asOf: ingestRuns.asOf, reason: ingestRuns.reason })
    .from(ingestRuns)
    .where(gt(ingestRuns.id, afterId))
    .orderBy(ingestRuns.id)
    .limit(1);
  return row;
}

/**
 * The verdict on one trigger: `previous` is the newest run before it, `started` the run recorded after it
 * (undefined when none appeared while the scheduled function could wait), `lockHeld` whether another run
 * held the ingest lock then. A run still going is fine (an ingest outlasts a scheduled function); one that
 * already failed or was held by the circuit breaker is not, nor is no run at all.
 */
export function judgeTrigger(input: { answered: number; previous?: RunRow; started?: RunRow; lockHeld: boolean }): Verdict {
  const { answered, previous, started, lockHeld } = input;
  const before = previous && ['failed', 'held'].includes(previous.status) ? `; the previous run ${previous.id} was ${previous.status}` : '';
  if (answered < 200 || answered >= 300)
    return { ok: false, message: `the background function answered ${answered}: no run started${before}` };
  if (!started) {
    return lockHeld
      ? { ok: true, message: `no new run: another ingest run holds the lock${before}` }
      : { ok: false, message: `the background function answered ${answered} but recorded no run${before}` };
  }
  const why = started.reason ? `: ${started.reason}` : '';
  if (started.status === 'failed' || started.status === 'held') {
    return { ok: false, message: `run ${started.id} (as of ${started.asOf}) ${started.status}${why}` };
  }
  return { ok: true, message: `run ${started.id} (as of ${started.asOf}) ${started.status}${before}` };
}
