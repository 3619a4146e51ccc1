/**
 * Draft previews: the editor's autosaved state of an item (one per item, kept until the next save)
 * and unguessable, revocable links that show it, or the saved item, to someone not signed in.
 * Only a token's SHA-256 is stored, so the table alone opens nothing.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { articleDrafts, previewLinks } from '#db/schema/index.ts';
import type { ArticleKind } from '#lib/shared/article-kinds.ts';
import type { PreviewLink } from '#lib/shared/content-types.ts';
import { getDb } from '#lib/server/db/client.ts';
import { now } from '#lib/server/clock.ts';
import { getRow, toShown, valuesOf, type Editor, type ShownItem } from './articles.ts';
import { notFound } from './errors.ts';
import { articleValues } from './values.ts';

async function requireRow(kind: ArticleKind, articleId: number) {
  const row = await getRow(kind, articleId);
  if (!row) throw notFound('Item');
  return row;
}

export interface Draft {
  fields: Record<string, unknown>;
  author: string;
  updatedAt: string;
}

/** Stores the editor's current fields as the item's draft (replacing the previous one). */
export async function saveDraft(kind: ArticleKind, articleId: number, fields: Record<string, unknown>, editor: Editor): Promise<Draft> {
  await requireRow(kind, articleId);
  const updatedAt = new Date();
  // Dates go to JSON as ISO strings; the preview turns them back.
  const stored = JSON.parse(JSON.stringify(fields)) as Record<string, unknown>;
  await getDb()
    .insert(articleDrafts)
    .values({ kind, articleId, fields: stored, authorName: editor.username, updatedAt })
    .onConflictDoUpdate({
      target: [articleDrafts.kind, articleDrafts.articleId],
      set: { fields: stored, authorName: editor.username, updatedAt },
    });
  return { fields: stored, author: editor.username, updatedAt: updatedAt.toISOString() };
}

export async function getDraft(kind: ArticleKind, articleId: number): Promise<Draft | null> {
  const [row] = await getDb()
    .select()
    .from(articleDrafts)
    .where(and(eq(articleDrafts.kind, kind), eq(articleDrafts.articleId, articleId)))
    .limit(1);
  return row ? { fields: row.fields, author: row.authorName, updatedAt: row.updatedAt.toISOString() } : null;
}

export async function deleteDraft(kind: ArticleKind, articleId: number) {
  await getDb()
    .delete(articleDrafts)
    .where(and(eq(articleDrafts.kind, kind), eq(articleDrafts.articleId, articleId)));
}

/** What a preview shows: the draft over the saved item when there is one, with the save-time defaults. */
export async function previewItem(kind: ArticleKind, articleId: number): Promise<ShownItem | null> {
  const row = await getRow(kind, articleId);
  if (!row) return null;
  const draft = await getDraft(kind, articleId);
  if (!draft) return toShown(kind, row);
  const fields = { ...draft.fields };
  if (typeof fields.publishedAt === 'string') fields.publishedAt = new Date(fields.publishedAt);
  try {
    const values = articleValues(kind, fields, valuesOf(row), now());
    return toShown(kind, { ...row, ...values });
  } catch {
    return toShown(kind, row); // a draft that cannot be made into an item (no slug) previews the saved one
  }
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link; the token is in the answer once and never again. */
export async function createPreviewLink(kind: ArticleKind, articleId: number): Promise<PreviewLink & { url: string }> {
  await requireRow(kind, articleId);
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  const [row] = await getDb()
    .insert(previewLinks)
    .values({ tokenHash: hash(token), kind, articleId, createdAt: new Date() })
    .returning();
  return { id: row.id, createdAt: row.createdAt.toISOString(), revoked: false, url: `/preview/${token}` };
}

export async function listPreviewLinks(kind: ArticleKind, articleId: number): Promise<PreviewLink[]> {
  const rows = await getDb()
    .select()
    .from(previewLinks)
    .where(and(eq(previewLinks.kind, kind), eq(previewLinks.articleId, articleId)))
    .orderBy(desc(previewLinks.id));
  return rows.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString(), revoked: r.revokedAt !== null }));
}

export async function revokePreviewLink(kind: ArticleKind, articleId: number, linkId: number) {
  const done = await getDb()
    .update(previewLinks)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(previewLinks.id, linkId), eq(previewLinks.kind, kind), eq(previewLinks.articleId, articleId), isNull(previewLinks.revokedAt)),
    )
    .returning({ id: previewLinks.id });
  if (!done.length) throw notFound('Preview link');
}

/** The item a live token opens, or null (unknown, malformed or revoked). */
export async function resolvePreviewToken(token: string): Promise<{ kind: ArticleKind; articleId: number } | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const [row] = await getDb()
    .select()
    .from(previewLinks)
    .where(and(eq(previewLinks.tokenHash, hash(token)), isNull(previewLinks.revokedAt)))
    .limit(1);
  return row ? { kind: row.kind, articleId: row.articleId } : null;
}
