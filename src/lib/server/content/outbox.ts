/**
 * The git outbox. A save writes its row into `content_revisions` in the same transaction as the
 * change, and answers; this module then brings the files and git up to date, in order, one row at
 * a time: write (or remove) the file, commit it with the admin as author, mark the row. After a
 * crash anywhere in between, the next run finds the row still open and first looks for a commit
 * carrying its `Content-Revision: <uid>` trailer, so nothing is lost and nothing committed twice.
 *
 * Flushes and pushes run one after another through a single queue in the process, so a push's
 * rebase never meets a commit in progress. Relative imports: scripts run this under Node too.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../../db/client.ts';
import { contentRevisions, uploads } from '../../../../db/schema/index.ts';
import { contentConfig, type ContentConfig } from './config.ts';
import { commitPaths, ensureRepository, findRevisionCommit, gitAvailable, repoPath } from './git.ts';
import { pushWithRebase } from './push.ts';
import { flushToRemote } from './remote-library.ts';
import { recordFingerprint, reindexFromFiles } from './reindex.ts';

type Revision = typeof contentRevisions.$inferSelect;

let queue: Promise<unknown> = Promise.resolve();
/** Runs tasks one at a time, in the order asked; a failed task does not stop the ones after it. */
function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * How revisions reach git: the CLI in the work tree holding CONTENT_DIR, isomorphic-git in a clone
 * of the remote (no git binary, or asked for), or not at all (files only).
 */
export async function gitMode(config: ContentConfig): Promise<'cli' | 'library' | 'off'> {
  if (config.git === 'off') return 'off';
  if (config.git === 'library') return config.remote ? 'library' : 'off';
  if (await gitAvailable()) return 'cli';
  return config.remote ? 'library' : 'off';
}

export const authorEmail = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-') || 'admin'}@users.noreply.rwa-analytics`;

const UPLOAD_REF = /\/api\/uploads\/([a-z2-7]{20,40})\b/g;
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/** Copies the uploaded images a document uses into media/, returning their paths (relative to the content dir). */
async function writeMedia(db: Database, dir: string, document: string): Promise<string[]> {
  const ids = [...new Set([...document.matchAll(UPLOAD_REF)].map((m) => m[1]))];
  if (!ids.length) return [];
  const rows = await db.select({ id: uploads.id, mimeType: uploads.mimeType, data: uploads.data }).from(uploads).where(inArray(uploads.id, ids));
  const paths: string[] = [];
  for (const row of rows) {
    const rel = `media/${row.id}.${EXTENSIONS[row.mimeType] ?? 'bin'}`;
    const abs = join(dir, rel);
    if (!existsSync(abs)) {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, row.data);
    }
    paths.push(rel);
  }
  return paths;
}

/** Puts one revision's files in place; the paths it touched, relative to the content dir. */
export async function applyFiles(db: Database, dir: string, row: Revision): Promise<string[]> {
  const touched = [row.path];
  if (row.previousPath && row.previousPath !== row.path) {
    rmSync(join(dir, row.previousPath), { force: true });
    touched.push(row.previousPath);
  }
  const file = join(dir, row.path);
  if (row.action === 'delete') {
    rmSync(file, { force: true });
    return touched;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, row.document);
  return [...touched, ...(await writeMedia(db, dir, row.document))];
}

async function applyRevision(db: Database, config: ContentConfig, root: string | null, row: Revision) {
  if (root) {
    const done = await findRevisionCommit(root, row.uid);
    if (done) return done; // committed just before a crash: only the mark was missing
  }
  const touched = await applyFiles(db, config.dir, row);
  if (!root) return null;
  const message = `${row.message}\n\nContent-Revision: ${row.uid}`;
  const paths = touched.map((p) => repoPath(root, join(config.dir, p)));
  return commitPaths(root, paths, message, { name: row.authorName, email: authorEmail(row.authorName) });
}

async function flushNow(db: Database, config: ContentConfig): Promise<number> {
  const pending = await db.select().from(contentRevisions).where(isNull(contentRevisions.committedAt)).orderBy(asc(contentRevisions.id));
  if (!pending.length) return 0;
  const mode = await gitMode(config);
  if (mode === 'library') {
    // The local files may be read-only (a deploy bundle): the clone of the remote gets them.
    await flushToRemote(db, config.remote!, config.remote!.path, pending, (dir, row) => applyFiles(db, dir, row), authorEmail);
    return pending.length;
  }
  const root = mode === 'cli' ? await ensureRepository(config.dir) : null;
  let done = 0;
  for (const row of pending) {
    // An error stops the run here, so revisions always reach git in the order they were saved.
    const sha = await applyRevision(db, config, root, row);
    await db.update(contentRevisions).set({ committedAt: new Date(), commitSha: sha }).where(eq(contentRevisions.id, row.id));
    done++;
  }
  await recordFingerprint(db, config.dir);
  return done;
}

/** Brings files and git up to the database; resolves when every open revision is committed. */
export function flushOutbox(db: Database, config: ContentConfig = contentConfig()): Promise<number> {
  return enqueue(() => flushNow(db, config));
}

let pushTimer: ReturnType<typeof setTimeout> | undefined;
let pushAttempt = 0;

/**
 * Pushes to CONTENT_GIT_REMOTE after the queue's commits, retrying with backoff (1 s, 2 s, 4 s ...
 * at most 5 min) until it succeeds. Never awaited by a save.
 */
export function schedulePush(db: Database, config: ContentConfig = contentConfig(), delayMs = 0) {
  if (!config.remote) return;
  clearTimeout(pushTimer);
  pushTimer = setTimeout(() => {
    void enqueue(async () => {
      if ((await gitMode(config)) !== 'cli') return; // the library mode pushes as it commits
      const root = await ensureRepository(config.dir);
      const rebased = await pushWithRebase(db, root, config.remote!);
      pushAttempt = 0;
      // Someone else's commits came in with the rebase: the index takes their files too (unless a
      // save is still on its way to git, in which case the next start or push does it).
      if (rebased) await reindexFromFiles(db, config.dir, { unlessPending: true });
    }).catch((err: unknown) => {
      console.error('content: push failed, will retry:', err instanceof Error ? err.message : err);
      pushAttempt++;
      schedulePush(db, config, Math.min(1000 * 2 ** (pushAttempt - 1), 300_000));
    });
  }, delayMs);
  pushTimer.unref?.();
}

/**
 * What a save calls after its transaction: commit in the background (a failure is logged and
 * retried by the next save or the periodic retry), then push.
 */
export function afterSave(db: Database, config: ContentConfig = contentConfig(), push = false) {
  keepRetrying(db, config);
  void flushOutbox(db, config)
    .then((committed) => {
      flushFailures = 0;
      if (committed > 0 || push) schedulePush(db, config);
    })
    .catch((err: unknown) => {
      console.error('content: commit failed, will retry:', err instanceof Error ? err.message : err);
      retryFlush(db, config);
    });
}

let flushFailures = 0;
let flushRetry: ReturnType<typeof setTimeout> | undefined;
/** After a failed flush (a locked index, the remote down in library mode): again in 1 s, 2 s, 4 s ... at most 5 min. */
function retryFlush(db: Database, config: ContentConfig) {
  flushFailures++;
  clearTimeout(flushRetry);
  flushRetry = setTimeout(() => afterSave(db, config), Math.min(1000 * 2 ** (flushFailures - 1), 300_000));
  flushRetry.unref?.();
}

let retryTimer: ReturnType<typeof setInterval> | undefined;
/** From the first save on, retry every 30 s whatever is still open (a commit that failed, a push). */
function keepRetrying(db: Database, config: ContentConfig) {
  if (retryTimer) return;
  retryTimer = setInterval(() => afterSave(db, config), 30_000);
  retryTimer.unref?.();
}
