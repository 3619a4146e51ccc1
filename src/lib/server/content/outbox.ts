/**
 * The git outbox. A save writes its row into `content_revisions` in the same transaction as the
 * change, and is acknowledged; from then on the row is kept until git has it. One worker brings
 * files and git up to the database: a pass takes the open rows in order, hands them to the one git
 * interface (backends.ts: the CLI, or isomorphic-git in a clone of the remote) and marks the rows
 * that reached their destination (pushed when there is a remote, committed when there is none).
 * After a crash anywhere in between, the next pass finds the row still open and first looks for a
 * commit carrying its `Content-Revision: <uid>` trailer, so nothing is lost and nothing committed twice.
 *
 * A pass holds the database's 'outbox' lease (db/lock.ts): every instance sharing the database (two
 * servers, a function, a build) delivers one at a time, never the same row at once. Failed passes
 * are retried by one policy (p-retry, RETRY below); what differs per host is only how long it may
 * keep trying: a server forever (the sweep), a function within its request, a build or a start a few
 * seconds.
 */
import { asc, eq, isNull } from 'drizzle-orm';
import pRetry, { AbortError, type Options as RetryOptions } from 'p-retry';
import type { Database } from '#db/client.ts';
import { withDatabaseLock } from '#db/lock.ts';
import { contentRevisions } from '#db/schema/index.ts';
import { contentConfig, type ContentConfig } from './config.ts';
import { contentGit } from './backends.ts';
import { recordFingerprint, reindexFromFiles } from './reindex.ts';
import { scrubUrls } from '#lib/server/http/public-url.ts';

/** The one retry policy: 1 s, 2 s, 4 s ... at most 30 s between attempts. */
const RETRY = { retries: 6, factor: 2, minTimeout: 1_000, maxTimeout: 30_000 } as const;

/** How long a host may keep retrying one delivery. */
export const BUDGET = {
  /** A long-lived server: the policy runs out, and the sweep starts it again a minute later. */
  server: Infinity,
  /** A function: within the request (Netlify stops a synchronous function after 30 s); the scheduled drain does the rest. */
  function: 20_000,
  /** A build or a start: the deploy or the start must not wait on a remote that is down. */
  brief: 8_000,
} as const;
export type Budget = keyof typeof BUDGET;

/** The file system refuses the write: retrying cannot help (a read-only deploy bundle, no permission, full disk). */
const PERMANENT_FS = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOSPC']);

function permanent(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && PERMANENT_FS.has(code)) return true;
  return /not on a branch/.test(error instanceof Error ? error.message : '');
}

/** An error for the log; URLs in it (the remote's, quoted by git or isomorphic-git) as scheme and host only. */
const describe = (error: unknown) => scrubUrls(error instanceof Error ? error.message : String(error));

/**
 * One pass: under the 'outbox' lease, the open rows in order through the git interface; marks the
 * rows delivered. Resolves with the number marked; throws when the rows could not be delivered.
 */
async function deliverOnce(db: Database, config: ContentConfig, waitMs = 60_000): Promise<number> {
  return withDatabaseLock(
    db.$client,
    'outbox',
    async () => {
      const pending = await db
        .select()
        .from(contentRevisions)
        .where(isNull(contentRevisions.committedAt))
        .orderBy(asc(contentRevisions.id));
      if (!pending.length) return 0;
      const git = await contentGit(db, config);
      const { shas, rebased } = await git.deliver(pending);
      const at = new Date();
      for (const row of pending) {
        if (shas.has(row.id))
          await db
            .update(contentRevisions)
            .set({ committedAt: at, commitSha: shas.get(row.id) ?? null })
            .where(eq(contentRevisions.id, row.id));
      }
      if (git.mode !== 'library') await recordFingerprint(db, config.dir);
      // Someone else's commits came in with a rebase: the index takes their files too (unless a
      // save is still on its way to git, in which case the next pass or start does it).
      if (rebased) await reindexFromFiles(db, config.dir, { unlessPending: true });
      return shas.size;
    },
    // A live holder renews its lease every 2 s; one killed mid-pass (kill -9, a recycled function)
    // holds up the others for at most 6 s.
    { leaseMs: 6_000, waitMs },
  );
}

let running: Promise<boolean> | null = null;
let again = false;

/**
 * The worker: runs passes until nothing is left or the budget is spent. Started once: a call while
 * it runs asks for one more pass and shares its promise. Resolves true when every open row was
 * delivered, false otherwise (logged; the rows stay open for the next pass). Never rejects.
 */
export function deliverContent(db: Database, config: ContentConfig = contentConfig(), budget: Budget = 'server'): Promise<boolean> {
  if (running) {
    again = true;
    return running;
  }
  const options: RetryOptions = {
    ...RETRY,
    maxRetryTime: BUDGET[budget],
    onFailedAttempt: ({ error, retriesLeft }) => {
      if (retriesLeft > 0) console.error(`content: delivery to git failed, will retry: ${describe(error)}`);
    },
  };
  running = (async () => {
    try {
      do {
        again = false;
        await pRetry(async () => {
          try {
            // A function or a build waits for another instance's pass only within its own budget.
            return await deliverOnce(db, config, Math.min(60_000, BUDGET[budget]));
          } catch (error) {
            throw permanent(error) ? new AbortError(error as Error) : error;
          }
        }, options);
      } while (again);
      return true;
    } catch (error) {
      // Loud: the saves are safe in the database, but they will not reach git until this is fixed.
      console.error(
        permanent(error)
          ? `content: saves cannot reach git (${describe(error)}); they are kept in the database and delivered once this is fixed (on a host with a read-only checkout, set CONTENT_GIT_REMOTE).`
          : `content: delivery to git gave up for now (${describe(error)}); the saves are kept in the database and the next pass delivers them.`,
      );
      return false;
    } finally {
      running = null;
    }
  })();
  return running;
}

let sweep: ReturnType<typeof setInterval> | undefined;

/** A long-lived server: every minute, deliver what is still open (a remote that was down, a failed commit). Started once. */
export function startSweep(db: Database, config: ContentConfig = contentConfig(), everyMs = 60_000) {
  if (sweep) return;
  sweep = setInterval(() => void deliverContent(db, config, 'server'), everyMs);
  sweep.unref?.();
}

/** Every open revision through one pass (a start, a build, a script): true when none is left open. */
export function flushOutbox(db: Database, config: ContentConfig = contentConfig(), budget: Budget = 'brief'): Promise<boolean> {
  return deliverContent(db, config, budget);
}
