/**
 * An item's versions (the revision journal, each row pointing at its commit), a readable diff of
 * any version against the current text, restoring a version (saved as a new revision and commit),
 * and bringing back a deleted item from the text its delete recorded.
 */
import { and, desc, eq } from 'drizzle-orm';
import { contentRevisions } from '#db/schema/index.ts';
import { ARTICLE_KINDS, type ArticleKind } from '#lib/shared/article-kinds.ts';
import { lineDiff, type DiffLine } from '#lib/shared/line-diff.ts';
import type { DeletedItem, Version } from '#lib/shared/content-types.ts';
import { getDb } from '#lib/server/db/client.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { createItem, getRow, updateItem, valuesOf, type Editor } from './articles.ts';
import { fromDocument, toDocument } from './documents.ts';
import { notFound } from './errors.ts';

type Revision = typeof contentRevisions.$inferSelect;

const toVersion = (r: Revision): Version => ({
  id: r.id,
  date: r.createdAt.toISOString(),
  author: r.authorName,
  message: r.message,
  action: r.action,
  commit: r.commitSha,
});

/** Newest first. */
export async function listVersions(kind: ArticleKind, articleId: number): Promise<Version[]> {
  const rows = await getDb()
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.articleId, articleId)))
    .orderBy(desc(contentRevisions.id))
    .limit(200);
  return rows.map(toVersion);
}

async function getRevision(kind: ArticleKind, articleId: number | null, revisionId: number): Promise<Revision> {
  const [row] = await getDb().select().from(contentRevisions).where(eq(contentRevisions.id, revisionId)).limit(1);
  if (!row || row.kind !== kind || (articleId !== null && row.articleId !== articleId)) throw notFound('Version');
  return row;
}

/** The version's text against the item's current text (lines removed since, lines added since). */
export async function diffVersion(
  kind: ArticleKind,
  articleId: number,
  revisionId: number,
): Promise<{ version: Version; lines: DiffLine[] }> {
  const [revision, current] = await Promise.all([getRevision(kind, articleId, revisionId), getRow(kind, articleId)]);
  if (!current) throw notFound(ARTICLE_KINDS[kind].texts.label);
  // Every save moves updatedAt: a line that always differs says nothing to a reader.
  const readable = (text: string) => text.replace(/^updatedAt: .*\n/m, '');
  return {
    version: toVersion(revision),
    lines: lineDiff(readable(revision.document), readable(await toDocument(kind, articleId, valuesOf(current)))),
  };
}

/** The fields of a recorded text, as a save would send them (an update keeps the item's creation date; updatedAt becomes now). */
async function fieldsOf(kind: ArticleKind, revision: Revision): Promise<Record<string, unknown>> {
  const { values } = await fromDocument(kind, revision.document, new Date());
  const { updatedAt: _updated, ...fields } = values;
  return fields;
}

const day = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** Saves an old version as the newest one: a new revision and commit, never a rewrite of history. */
export async function restoreVersion(kind: ArticleKind, articleId: number, revisionId: number, editor: Editor) {
  const revision = await getRevision(kind, articleId, revisionId);
  if (revision.action !== 'save') throw new HttpError(400, 'Only a saved version can be restored.');
  const fields = await fieldsOf(kind, revision);
  const label = ARTICLE_KINDS[kind].texts.label.toLowerCase();
  return updateItem(
    kind,
    articleId,
    fields,
    editor,
    `Restore ${label} "${String(fields.title)}" to the version of ${day(revision.createdAt)}`,
  );
}

/** Items of a kind whose latest revision is a delete, newest first. */
export async function listDeleted(kind: ArticleKind): Promise<DeletedItem[]> {
  const rows = await getDb()
    .select()
    .from(contentRevisions)
    .where(eq(contentRevisions.kind, kind))
    .orderBy(desc(contentRevisions.id))
    .limit(5000);
  const seen = new Set<number>();
  const out: DeletedItem[] = [];
  for (const r of rows) {
    if (seen.has(r.articleId)) continue;
    seen.add(r.articleId);
    if (r.action !== 'delete') continue;
    const { values } = await fromDocument(kind, r.document, r.createdAt);
    out.push({
      revisionId: r.id,
      articleId: r.articleId,
      title: values.title,
      slug: values.slug,
      deletedAt: r.createdAt.toISOString(),
      author: r.authorName,
    });
  }
  return out;
}

/** Puts a deleted item back (its old id, its last text), as a new revision and commit. */
export async function restoreDeleted(kind: ArticleKind, revisionId: number, editor: Editor) {
  const revision = await getRevision(kind, null, revisionId);
  if (revision.action !== 'delete') throw new HttpError(400, 'This version is not a deleted item.');
  if (await getRow(kind, revision.articleId)) throw new HttpError(409, 'This item is not deleted.');
  const fields = await fieldsOf(kind, revision);
  const label = ARTICLE_KINDS[kind].texts.label.toLowerCase();
  return createItem(kind, fields, editor, { id: revision.articleId, message: `Restore deleted ${label} "${String(fields.title)}"` });
}
