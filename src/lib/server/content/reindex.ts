/**
 * Rebuilding the database's index of posts and articles from the content files, and the digest of
 * those files that tells whether the index is behind them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isNull, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { contentRevisions, datasetMeta } from '#db/schema/index.ts';
import { articleTable, type ArticleInsert } from './article-table.ts';
import { ARTICLE_KIND_NAMES, ARTICLE_KINDS, type ArticleKind } from '#lib/shared/article-kinds.ts';
import { fromDocument } from './documents.ts';
import type { ArticleValues } from './values.ts';

export interface SyncResult {
  action: 'none' | 'reindexed' | 'exported';
  items: number;
  skipped: string[];
}

export async function countItems(db: Database): Promise<number> {
  let total = 0;
  for (const kind of ARTICLE_KIND_NAMES) {
    const [row] = await db.select({ n: sql<number>`count(*)` }).from(articleTable(kind));
    total += Number(row?.n ?? 0);
  }
  return total;
}

/** Every item file of a kind, parsed; unreadable files are reported, not fatal. */
async function readKind(dir: string, kind: ArticleKind, skipped: string[]) {
  const folder = join(dir, ARTICLE_KINDS[kind].dir);
  if (!existsSync(folder)) return [];
  const items: { id: number | null; values: ArticleValues }[] = [];
  const slugs = new Set<string>();
  for (const name of readdirSync(folder)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    try {
      const parsed = await fromDocument(kind, readFileSync(join(folder, name), 'utf8'), new Date());
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
export async function reindexFromFiles(db: Database, dir: string, { unlessPending = false } = {}): Promise<SyncResult> {
  const skipped: string[] = [];
  let items = 0;
  let done = true;
  // IMMEDIATE: no save can slip in between the check for open revisions and the rebuild.
  await db.transaction(
    async (tx) => {
      // From nothing each time: a transaction that lost the write lock runs again (db/contention.ts).
      skipped.length = 0;
      items = 0;
      done = true;
      if (unlessPending) {
        const [open] = await tx
          .select({ n: sql<number>`count(*)` })
          .from(contentRevisions)
          .where(isNull(contentRevisions.committedAt));
        if (Number(open?.n ?? 0) > 0) {
          done = false;
          return;
        }
      }
      for (const kind of ARTICLE_KIND_NAMES) {
        const t = articleTable(kind);
        const parsed = await readKind(dir, kind, skipped);
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
          await tx.insert(t).values({ ...(item.values as ArticleInsert), ...(item.id ? { id: item.id } : {}) });
          items++;
        }
      }
    },
    { behavior: 'immediate' },
  );
  if (!done) return { action: 'none', items: 0, skipped };
  await recordFingerprint(db, dir);
  return { action: 'reindexed', items, skipped };
}

/** A digest of every content file: the index is behind when it differs from the one recorded. */
export function contentFingerprint(dir: string): string {
  const hash = createHash('sha256');
  for (const sub of ['blog', 'research']) {
    const folder = join(dir, sub);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)
      .filter((f) => f.endsWith('.md'))
      .sort()) {
      hash
        .update(`${sub}/${name}\0`)
        .update(readFileSync(join(folder, name)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

export const FINGERPRINT_KEY = 'content:fingerprint';

export async function recordFingerprint(db: Database, dir: string) {
  const value = contentFingerprint(dir);
  await db.insert(datasetMeta).values({ key: FINGERPRINT_KEY, value }).onConflictDoUpdate({ target: datasetMeta.key, set: { value } });
}
