/**
 * Two instances writing to one shared libSQL server (sqld, Turso) at once is normal, not a fault:
 * one transaction holds the single write lock and the other waits. When the holder keeps it too long
 * (sqld's transaction timeout, 5 s: a busy machine, a slow link) the server rolls it back and gives
 * the lock to the waiter, and the holder's next statement or COMMIT fails with TRANSACTION_TIMEOUT.
 * On a local file the same meeting is SQLITE_BUSY ("database is locked") once the busy timeout runs
 * out; a process too starved to send its next statement in time finds its stream expired. Either
 * way the transaction was rolled back whole and nothing of it committed, so it is run again from
 * the start a few times; if it still cannot go through the answer is 503 with Retry-After, never a
 * 500.
 */
import type { Client, Transaction, TransactionMode } from '@libsql/client';
import { HttpError } from '#lib/server/http/http-error.ts';
import { passThrough } from './pass-through.ts';

/**
 * The codes that mean "the server ended this transaction before it committed": rolled back whole,
 * nothing of it kept. All come through @libsql/client as `code`. TRANSACTION_TIMEOUT (another
 * writer waited for the lock past sqld's timeout and took it) and STREAM_EXPIRED (the transaction
 * was left idle too long, seen at 12 s; the statement that got it never ran, even a COMMIT) are
 * sqld's own codes, passed through by the HTTP client (mapHranaErrorCode); SQLITE_BUSY is the base
 * code of a local file (mapToBaseCode) and of sqld. Any other error, a network one above all, may follow a COMMIT that
 * went through, so it is never run again.
 */
const CONTENDED = new Set(['TRANSACTION_TIMEOUT', 'STREAM_EXPIRED', 'SQLITE_BUSY']);

/** True when an error, however deep drizzle / libSQL wrapped it, says the server ended the transaction uncommitted. */
export function isContention(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && CONTENDED.has(code)) return true;
  }
  return false;
}

/** Attempts in all (the first and two more): each may wait up to the server's timeout for the lock. */
export const ATTEMPTS = 3;
/** Seconds the client is told to wait before sending the same save again. */
const RETRY_AFTER_SECONDS = 2;
export const BUSY_MESSAGE = 'The database is busy with other saves and nothing was saved. Please try again in a moment.';

/**
 * The wait before attempt `attempt` (1 = the first retry): 50-150 ms, then 100-300 ms. Jittered, so
 * two instances that lost the same race do not meet again at the same moment.
 */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = 50 * 2 ** (attempt - 1);
  return Math.round(base + random() * 2 * base);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a whole write transaction, again from the start when it lost the write lock (see above), and
 * turns a lock it could not get after ATTEMPTS into 503 with Retry-After. `run` must start the
 * transaction itself and keep every effect inside it: it may run more than once.
 */
export async function retryContended<T>(
  run: () => Promise<T>,
  options: { wait?: (ms: number) => Promise<void>; random?: () => number } = {},
): Promise<T> {
  const wait = options.wait ?? sleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isContention(err)) throw err;
      if (attempt >= ATTEMPTS) {
        console.warn(`A write transaction lost the database's write lock ${ATTEMPTS} times; answered 503.`);
        throw new HttpError(503, BUSY_MESSAGE, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
      }
      await wait(backoffMs(attempt, options.random));
    }
  }
}

/**
 * drizzle rolls a failed transaction back before it rethrows the error. When the server has already
 * ended the transaction (the lock was taken away) that ROLLBACK fails as well ("cannot rollback - no
 * transaction is active") and its error would replace the one that says why, so the retry above
 * would never see it. A rollback's own failure is never the error to report: it is dropped, and the
 * error that led to the rollback goes on (the server ends a transaction nobody finishes by itself).
 */
export function rollbacksKeepCause(client: Client): Client {
  const keepCause = (tx: Transaction): Transaction => passThrough(tx, { rollback: () => tx.rollback().catch(() => undefined) });
  return passThrough(client, { transaction: async (mode?: TransactionMode) => keepCause(await client.transaction(mode)) });
}
