/**
 * Keeps the database index and the content files in step, run before the server serves (and by
 * `npm run content:reindex`):
 * 1. open revisions are written and committed first (the outbox), so files hold every acknowledged save;
 * (a checkout older than the newest committed save, e.g. a deploy of an older commit, is never indexed;)
 * 2. an index with no items, or one recorded against other files (a pull, a hand edit, a revert),
 *    is rebuilt from content/{blog,research}/*.md;
 * 3. a database from before content lived in files (items, but no record of the files) is written
 *    out to files instead, so nothing an admin wrote is lost on the upgrade.
 * Relative imports: Node runs this directly from scripts/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { databaseConfigFromEnv, openDatabase, type Database } from '../../../../db/client.ts';
import { blogPosts, contentRevisions, datasetMeta, researchArticles } from '../../../../db/schema/index.ts';
import { ARTICLE_KIND_NAMES, ARTICLE_KINDS, itemFile, type ArticleKind } from '../../shared/article-kinds.ts';
import { contentConfig, type ContentConfig } from './config.ts';
import { fromDocument, toDocument } from './documents.ts';
import { contentFingerprint, FINGERPRINT_KEY, flushOutbox, gitMode, recordFingerprint } from './outbox.ts';
import { git } from './git.ts';
import type { ArticleValues } from './values.ts';

const TABLES = { blog: blogPosts, research: researchArticles } as const;
const table = (kind: ArticleKind) => TABLES[kind] as unknown as typeof researchArticles;

export interface SyncResult {
  action: 'none' | 'reindexed' | 'exported';
  items: number;
  skipped: string[];
}

async function countItems(db: Database): Promise<number> {
  let total = 0;
  for (const kind of ARTICLE_KIND_NAMES) {
    const [row] = await db.select({ n: sql<number>`count(*)` }).from(table(kind));
    total += Number(row?.n ?? 0);
  }
  return total;
}

/** Every item file of a kind, parsed; unreadable files are reported, not fatal. */
function readKind(dir: string, kind: ArticleKind, skipped: string[]) {
  const folder = join(dir, ARTICLE_KINDS[kind].dir);
  if (!existsSync(folder)) return [];
  const items: { id: number | null; values: ArticleValues }[] = [];
  const slugs = new Set<string>();
  for (const name of readdirSync(folder).filter((f) => f.endsWith('.md')).sort()) {
    try {
      const parsed = fromDocument(kind, readFileSync(join(folder, name), 'utf8'), new Date());
      if (!parsed.values.title.trim() || !parsed.values.content.trim()) throw new Error('a title and a body are required');
      if (slugs.has(parsed.values.slug)) throw new Error(`slug ${parsed.values.slug} is used by another file`);
      slugs.add(parsed.values.slug);
      items.push(parsed);
    } catch (err) {
      skipped.push(`${ARTICLE_KINDS[kind].dir}/${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return items;
}

/** Replaces the index with the files; an item keeps its id (from its file, else by its slug). */
export async function reindexFromFiles(db: Database, dir: string): Promise<SyncResult> {
  const skipped: string[] = [];
  let items = 0;
  await db.transaction(async (tx) => {
    for (const kind of ARTICLE_KIND_NAMES) {
      const t = table(kind);
      const parsed = readKind(dir, kind, skipped);
      const known = new Map((await tx.select({ id: t.id, slug: t.slug }).from(t)).map((r) => [r.slug, r.id]));
      await tx.delete(t);
      const used = new Set<number>();
      const withId: { id: number; values: ArticleValues }[] = [];
      const withoutId: ArticleValues[] = [];
      for (const { id, values } of parsed) {
        const wanted = id ?? known.get(values.slug);
        if (wanted && !used.has(wanted)) {
          used.add(wanted);
          withId.push({ id: wanted, values });
        } else withoutId.push(values);
      }
      // Items with an id first, so a new id handed out after them never takes one a file names.
      for (const item of [...withId, ...withoutId.map((values) => ({ id: undefined, values }))]) {
        await tx.insert(t).values({ ...(item.values as typeof researchArticles.$inferInsert), ...(item.id ? { id: item.id } : {}) });
        items++;
      }
    }
  });
  await recordFingerprint(db, dir);
  return { action: 'reindexed', items, skipped };
}

/** Writes every item of a database that predates content files out to files, in one commit per item. */
async function exportToFiles(db: Database, config: ContentConfig): Promise<SyncResult> {
  let items = 0;
  for (const kind of ARTICLE_KIND_NAMES) {
    const rows = await db.select().from(table(kind));
    for (const row of rows) {
      const { id, ...values } = row;
      await db.insert(contentRevisions).values({
        uid: encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15))),
        kind,
        articleId: id,
        action: 'save',
        path: itemFile(kind, row.slug),
        document: toDocument(kind, id, values as unknown as ArticleValues),
        message: `Export ${ARTICLE_KINDS[kind].texts.label.toLowerCase()} "${row.title}" from the database`,
        authorName: 'rwa-analytics',
        createdAt: new Date(),
      });
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

export async function syncContent(db: Database, config: ContentConfig = contentConfig(), { force = false } = {}): Promise<SyncResult> {
  await flushOutbox(db, config);
  const [stored] = await db.select({ value: datasetMeta.value }).from(datasetMeta).where(eq(datasetMeta.key, FINGERPRINT_KEY));
  const count = await countItems(db);
  if (!force && count > 0 && !stored) return exportToFiles(db, config);
  if (!force && count > 0 && stored.value === contentFingerprint(config.dir)) return { action: 'none', items: count, skipped: [] };
  if (!force && count > 0 && !(await filesHaveLatestSave(db, config))) {
    console.warn('content: the files are older than the last save in the database (a deploy of an older commit?); the index is kept.');
    return { action: 'none', items: count, skipped: [] };
  }
  return reindexFromFiles(db, config.dir);
}

/** syncContent on the database and content folder the environment names (scripts, server start). */
export async function prepareContent(env: NodeJS.ProcessEnv = process.env, options: { force?: boolean } = {}): Promise<SyncResult> {
  const { client, db } = openDatabase(databaseConfigFromEnv(env));
  try {
    return await syncContent(db, contentConfig(env), options);
  } finally {
    client.close();
  }
}
