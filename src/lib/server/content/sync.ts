/**
 * Keeps the database index and the content files in step, run before the server serves (and by
 * `npm run content:reindex`):
 * 1. open revisions are written and committed first (the outbox), so files hold every acknowledged save;
 * 2. an index with no items, or one recorded against other files (a pull, a hand edit, a revert),
 *    is rebuilt from content/{blog,research}/*.md (reindex.ts), unless the files are older than the
 *    newest committed save (a deploy of an older commit): that would roll saves back;
 * 3. a database from before content lived in files (items, but no record of the files) is written
 *    out to files instead, so nothing an admin wrote is lost on the upgrade.
 */
import { existsSync } from 'node:fs';
import { desc, eq, isNotNull } from 'drizzle-orm';
import { openDatabase, type Database } from '#db/client.ts';
import { configFor } from '#lib/server/config.ts';
import { contentRevisions, datasetMeta } from '#db/schema/index.ts';
import { ARTICLE_KIND_NAMES, ARTICLE_KINDS } from '#lib/shared/article-kinds.ts';
import { contentConfig, type ContentConfig } from './config.ts';
import { revisionRow } from './revision-row.ts';
import { articleTable } from './article-table.ts';
import { deliverContent, flushOutbox, startSweep, type Budget } from './outbox.ts';
import { gitMode } from './backends.ts';
import { contentFingerprint, countItems, FINGERPRINT_KEY, reindexFromFiles, type SyncResult } from './reindex.ts';
import { git } from './git.ts';
import { readOnlyContentProblem } from './host.ts';

/** Writes every item of a database that predates content files out to files, in one commit per item. */
async function exportToFiles(db: Database, config: ContentConfig): Promise<SyncResult> {
  let items = 0;
  for (const kind of ARTICLE_KIND_NAMES) {
    const rows = await db.select().from(articleTable(kind));
    for (const row of rows) {
      const { id, ...values } = row;
      const label = ARTICLE_KINDS[kind].texts.label.toLowerCase();
      await db
        .insert(contentRevisions)
        .values(await revisionRow(kind, id, values, 'save', `Export ${label} "${row.title}" from the database`, 'rwa-analytics'));
      items++;
    }
  }
  await flushOutbox(db, config);
  return { action: 'exported', items, skipped: [] };
}

/**
 * Whether the files already hold the newest committed save: its commit is in the content work
 * tree's history. A deploy built from an older commit than the last save (or files without a git
 * work tree here, library mode) must not roll the index back; `content:reindex` still can.
 */
async function filesHaveLatestSave(db: Database, config: ContentConfig): Promise<boolean> {
  const [last] = await db
    .select({ sha: contentRevisions.commitSha })
    .from(contentRevisions)
    .where(isNotNull(contentRevisions.commitSha))
    .orderBy(desc(contentRevisions.id))
    .limit(1);
  if (!last?.sha) return true;
  if ((await gitMode(config)) !== 'cli' || !existsSync(config.dir)) return false;
  try {
    await git(config.dir, ['merge-base', '--is-ancestor', last.sha, 'HEAD']);
    return true;
  } catch {
    return false;
  }
}

async function syncContent(
  db: Database,
  config: ContentConfig = contentConfig(),
  { force = false, budget = 'brief' as Budget } = {},
): Promise<SyncResult> {
  // Saves not yet in git stay open (the remote is down, a build cannot push): the files do not hold
  // them, so a rebuild of the index from the files must wait for them (unlessPending below).
  const delivered = await flushOutbox(db, config, budget);
  const [stored] = await db.select({ value: datasetMeta.value }).from(datasetMeta).where(eq(datasetMeta.key, FINGERPRINT_KEY));
  const count = await countItems(db);
  if (!force && count > 0 && !stored) return exportToFiles(db, config);
  if (!force && count > 0 && stored.value === contentFingerprint(config.dir)) return { action: 'none', items: count, skipped: [] };
  if (!force && count > 0 && !(await filesHaveLatestSave(db, config))) {
    console.warn('content: the files are older than the last save in the database (a deploy of an older commit?); the index is kept.');
    return { action: 'none', items: count, skipped: [] };
  }
  return reindexFromFiles(db, config.dir, { unlessPending: !delivered });
}

/**
 * syncContent on the database and content folder the environment names (the entry scripts: server
 * start, db:setup, content:reindex). A content folder the saves could never be written to stops
 * the start here with one line, instead of every later save being acknowledged and then stuck.
 */
export async function prepareContent(
  env: NodeJS.ProcessEnv = process.env,
  options: { force?: boolean; budget?: Budget } = {},
): Promise<SyncResult> {
  const problem = await readOnlyContentProblem(contentConfig(env));
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const { client, db } = openDatabase(configFor(env).database);
  try {
    return await syncContent(db, contentConfig(env), options);
  } finally {
    client.close();
  }
}

/**
 * A long-lived server (scripts/serve.ts), after prepareContent: what the start could not deliver
 * (the remote was down) goes on being retried by the one policy, then swept every minute, without
 * waiting for the next save. The connection stays open for the process's life.
 */
export function keepDelivering(env: NodeJS.ProcessEnv = process.env): void {
  const { db } = openDatabase(configFor(env).database);
  const config = contentConfig(env);
  startSweep(db, config);
  void deliverContent(db, config, 'server');
}
