/**
 * The one repository of blog posts and research articles: reads for the API, the pages, the
 * sitemap and the feed, and the writes, each of which also records its revision (the git outbox)
 * in the same transaction. What differs between the kinds comes from article-kinds.
 *
 * Public reads apply one rule (article-kinds `isPublic`): published, and the publish date has come,
 * by the server clock. A scheduled item stays out of every public surface until then.
 */
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { articleDrafts, blogPosts, contentRevisions, previewLinks, researchArticles } from '#db/schema/index.ts';
import { ARTICLE_KINDS, type ArticleKind } from '#lib/shared/article-kinds.ts';
import type { ArticleFields, ContentItem } from '#lib/shared/content-types.ts';
import { getDb } from '#lib/server/db/client.ts';
import { read, readMany, readOne } from '#lib/server/db/reads.ts';
import { now as clockNow } from '#lib/server/clock.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { articleTable, perKind, type ArticleInsert } from './article-table.ts';
import { revisionRow } from './revision-row.ts';
import { notFound, withSlugConflict } from './errors.ts';
import { acknowledgeSave } from './acknowledge.ts';
import { purgeTags, savedTags } from '#lib/server/cache/cdn.ts';
import { articleValues, type ArticleValues } from './values.ts';

type ResearchRow = typeof researchArticles.$inferSelect;
type Row = (typeof blogPosts.$inferSelect | ResearchRow) & Record<string, unknown>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The shared fields of a row, dates as stored (Date). */
function fieldsOf(row: Row): ArticleFields<Date> & { id: number; published: boolean } {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    published: row.published,
    featuredImage: row.featuredImage,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    tags: row.tags ?? [],
    seoKeywords: row.seoKeywords ?? [],
    canonicalUrl: row.canonicalUrl,
    socialImage: row.socialImage,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
  };
}

/** A row as the API shows it: every field of spec section 3 (and the kind's own), dates as ISO strings. */
function toItem(kind: ArticleKind, row: Row): ContentItem {
  const extras = Object.fromEntries(Object.keys(ARTICLE_KINDS[kind].extras).map((k) => [k, row[k]]));
  const fields = fieldsOf(row);
  return {
    ...fields,
    createdAt: fields.createdAt.toISOString(),
    updatedAt: fields.updatedAt.toISOString(),
    publishedAt: iso(fields.publishedAt),
    ...extras,
  } as ContentItem;
}

/**
 * What a reading page, a card, the sitemap and the feed show of an item, the same shape for both
 * kinds (dates as Date): `author` is the research author or the blog post's author id.
 */
export interface ShownItem extends ArticleFields<Date> {
  kind: ArticleKind;
  id: number;
  published: boolean;
  author: string;
  category: string | null;
  readingTime: string | null;
  featured: boolean;
}

export function toShown(kind: ArticleKind, row: Row): ShownItem {
  const r = row as Row & Partial<ResearchRow> & { authorId?: string };
  return {
    kind,
    ...fieldsOf(row),
    author: (kind === 'blog' ? r.authorId : r.author) ?? '',
    category: r.category ?? null,
    readingTime: r.readingTime ?? null,
    featured: r.featured === true,
  };
}

/** The SQL form of `isPublic`: published and shown date (publish, else creation) not after `now`. */
export const publicWhere = (kind: ArticleKind, now: Date) => {
  const t = articleTable(kind);
  return and(eq(t.published, true), sql`coalesce(${t.publishedAt}, ${t.createdAt}) <= ${now.getTime()}`);
};
/** The SQL form of `newestFirst`. */
const newest = (kind: ArticleKind) => {
  const t = articleTable(kind);
  return [desc(sql`coalesce(${t.publishedAt}, ${t.createdAt})`), desc(t.id)];
};

async function selectRows(kind: ArticleKind, where: ReturnType<typeof publicWhere> | undefined, limit?: number): Promise<Row[]> {
  const q = getDb()
    .select()
    .from(articleTable(kind))
    .where(where)
    .orderBy(...newest(kind));
  return (await (limit ? q.limit(limit) : q)) as Row[];
}

/** Items newest first: drafts and scheduled ones too for a signed-in caller unless `publicOnly`. */
export async function listItems(kind: ArticleKind, { signedIn, publicOnly = false }: { signedIn: boolean; publicOnly?: boolean }) {
  const rows = await selectRows(kind, signedIn && !publicOnly ? undefined : publicWhere(kind, clockNow()));
  return rows.map((r) => toItem(kind, r));
}

/** Public items newest first, for the pages, Latest News, the sitemap and the feed. */
export const publicListRead = (kind: ArticleKind, limit?: number) => {
  const q = getDb()
    .select()
    .from(articleTable(kind))
    .where(publicWhere(kind, clockNow()))
    .orderBy(...newest(kind));
  return read(limit ? q.limit(limit) : q, (rows) => rows.map((r) => toShown(kind, r as Row)));
};
export const listPublic = (kind: ArticleKind, limit?: number): Promise<ShownItem[]> => readOne(publicListRead(kind, limit));

/**
 * The stored spellings a slug in a URL may stand for: NFKC (slugify's form, so `ｃａｆé-crème`
 * finds `café-crème`), and NFC (slugs stored before slugify folded compatibility forms).
 */
const slugSpellings = (slug: string) => [...new Set([slug.normalize('NFKC'), slug.normalize('NFC')])];

/** One public item by slug, or null. */
export const publicItemRead = (kind: ArticleKind, slug: string) => {
  const t = articleTable(kind);
  return read(
    getDb()
      .select()
      .from(t)
      .where(and(inArray(t.slug, slugSpellings(slug)), publicWhere(kind, clockNow())))
      .limit(1),
    ([row]) => (row ? toShown(kind, row as Row) : null),
  );
};
export const getPublic = (kind: ArticleKind, slug: string): Promise<ShownItem | null> => readOne(publicItemRead(kind, slug));

/** One item by slug; not public counts as absent unless the caller is signed in. */
export async function getBySlug(kind: ArticleKind, slug: string, signedIn: boolean): Promise<ContentItem> {
  const t = articleTable(kind);
  const bySlug = inArray(t.slug, slugSpellings(slug));
  const [row] = await getDb()
    .select()
    .from(t)
    .where(signedIn ? bySlug : and(bySlug, publicWhere(kind, clockNow())))
    .limit(1);
  if (!row) throw notFound(ARTICLE_KINDS[kind].texts.label);
  return toItem(kind, row as Row);
}

export async function getRow(kind: ArticleKind, id: number): Promise<Row | null> {
  const t = articleTable(kind);
  const [row] = await getDb().select().from(t).where(eq(t.id, id)).limit(1);
  return (row as Row | undefined) ?? null;
}

/** The featured rule of article-kinds (`pickFeatured`) as a query: the newest public featured item. */
export async function getFeatured(kind: ArticleKind): Promise<ContentItem> {
  const t = articleTable(kind);
  const [row] = ARTICLE_KINDS[kind].hasFeatured ? await selectRows(kind, and(publicWhere(kind, clockNow()), eq(t.featured, true)), 1) : [];
  if (!row) throw notFound(`Featured ${ARTICLE_KINDS[kind].texts.noun}`);
  return toItem(kind, row);
}

/** The earliest publish date still ahead, of any kind: caches must not outlive it. */
export const nextScheduledRead = () => {
  const now = clockNow();
  const soonest = perKind((t) =>
    getDb()
      .select({ at: t.publishedAt })
      .from(t)
      .where(and(eq(t.published, true), gt(t.publishedAt, now)))
      .orderBy(t.publishedAt)
      .limit(1),
  );
  return readMany(soonest, (results) => {
    let next: Date | null = null;
    for (const [row] of results) if (row?.at && (!next || row.at < next)) next = row.at;
    return next;
  });
};
export const nextScheduledAt = (): Promise<Date | null> => readOne(nextScheduledRead());

async function assertSlugFree(kind: ArticleKind, slug: string, exceptId?: number) {
  const t = articleTable(kind);
  const [hit] = await getDb()
    .select({ id: t.id })
    .from(t)
    .where(exceptId ? and(eq(t.slug, slug), ne(t.id, exceptId)) : eq(t.slug, slug))
    .limit(1);
  const taken = ARTICLE_KINDS[kind].texts.slugTaken;
  if (hit) throw new HttpError(409, taken, { slug: [taken] });
}

export interface Editor {
  username: string;
}

const FIELD_NAMES: Record<string, string> = { content: 'text', featuredImage: 'image', publishedAt: 'publish date', published: 'status' };

/** "title, text and tags": the fields whose values differ, for the commit message. */
function changedFields(before: ArticleValues, after: ArticleValues): string {
  const names = Object.keys(after)
    .filter((k) => !['updatedAt', 'createdAt'].includes(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => FIELD_NAMES[k] ?? k);
  if (!names.length) return 'no field changed';
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Ends every live preview link of an item (they show it to people not signed in). */
function revokePreviewLinks(tx: Pick<ReturnType<typeof getDb>, 'update'>, kind: ArticleKind, id: number) {
  return tx
    .update(previewLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(previewLinks.kind, kind), eq(previewLinks.articleId, id), isNull(previewLinks.revokedAt)));
}

const quoted = (title: string) => `"${title.replace(/\s+/g, ' ').slice(0, 120)}"`;

/** Creates an item (with `id` given: puts a deleted item back under its old id). */
export async function createItem(
  kind: ArticleKind,
  input: Record<string, unknown>,
  editor: Editor,
  options: { id?: number; message?: string } = {},
) {
  const values = articleValues(kind, input, null, clockNow());
  await assertSlugFree(kind, values.slug);
  const t = articleTable(kind);
  const label = ARTICLE_KINDS[kind].texts.label;
  const row = await withSlugConflict(ARTICLE_KINDS[kind].texts.slugTaken, () =>
    getDb().transaction(async (tx) => {
      const [inserted] = await tx
        .insert(t)
        .values({ ...(values as ArticleInsert), ...(options.id ? { id: options.id } : {}) })
        .returning();
      const message = options.message ?? `Create ${label.toLowerCase()} ${quoted(values.title)}`;
      await tx.insert(contentRevisions).values(await revisionRow(kind, inserted.id, values, 'save', message, editor.username));
      // A restored item starts with no live preview link: the ones it had ended with it (also those of
      // items deleted before deleting revoked them).
      if (options.id) await revokePreviewLinks(tx, kind, inserted.id);
      return inserted as Row;
    }),
  );
  void acknowledgeSave(getDb());
  await purgeTags(savedTags(kind, [values.slug]));
  return toItem(kind, row);
}

/** The stored values of a row (its columns without the id), as articleValues takes them. */
export function valuesOf(row: Row): ArticleValues {
  const { id: _id, ...rest } = row;
  return rest as unknown as ArticleValues;
}

/** Full or partial (SEO-only) update: fields sent replace the stored ones, then the defaults apply. */
export async function updateItem(kind: ArticleKind, id: number, input: Record<string, unknown>, editor: Editor, message?: string) {
  const current = await getRow(kind, id);
  if (!current) throw notFound(ARTICLE_KINDS[kind].texts.label);
  const before = valuesOf(current);
  const values = articleValues(kind, input, before, clockNow());
  if (values.slug !== current.slug) await assertSlugFree(kind, values.slug, id);
  const t = articleTable(kind);
  const label = ARTICLE_KINDS[kind].texts.label.toLowerCase();
  const renamed = values.slug !== current.slug ? `, renamed ${current.slug} to ${values.slug}` : '';
  const text = message ?? `Update ${label} ${quoted(values.title)}: ${changedFields(before, values)}${renamed}`;
  const row = await withSlugConflict(ARTICLE_KINDS[kind].texts.slugTaken, () =>
    getDb().transaction(async (tx) => {
      const [updated] = await tx
        .update(t)
        .set(values as Partial<ArticleInsert>)
        .where(eq(t.id, id))
        .returning();
      await tx.insert(contentRevisions).values(await revisionRow(kind, id, values, 'save', text, editor.username, current.slug));
      // The autosaved draft is what was just saved (or overridden by it).
      await tx.delete(articleDrafts).where(and(eq(articleDrafts.kind, kind), eq(articleDrafts.articleId, id)));
      return updated as Row;
    }),
  );
  void acknowledgeSave(getDb());
  await purgeTags(savedTags(kind, [values.slug, current.slug]));
  return toItem(kind, row);
}

export async function deleteItem(kind: ArticleKind, id: number, editor: Editor): Promise<void> {
  const current = await getRow(kind, id);
  if (!current) throw notFound(ARTICLE_KINDS[kind].texts.label);
  const values = valuesOf(current);
  const t = articleTable(kind);
  const label = ARTICLE_KINDS[kind].texts.label.toLowerCase();
  const deleted = await getDb().transaction(async (tx) => {
    const gone = await tx.delete(t).where(eq(t.id, id)).returning({ id: t.id });
    if (gone.length)
      await tx
        .insert(contentRevisions)
        .values(await revisionRow(kind, id, values, 'delete', `Delete ${label} ${quoted(values.title)}`, editor.username));
    await tx.delete(articleDrafts).where(and(eq(articleDrafts.kind, kind), eq(articleDrafts.articleId, id)));
    await revokePreviewLinks(tx, kind, id);
    return gone.length > 0;
  });
  if (!deleted) throw notFound(ARTICLE_KINDS[kind].texts.label);
  void acknowledgeSave(getDb());
  await purgeTags(savedTags(kind, [values.slug]));
}

/** The titles of every public item: the only labels the placeholder image draws. */
export async function publicTitles(): Promise<string[]> {
  const kinds = Object.keys(ARTICLE_KINDS) as ArticleKind[];
  const lists = await Promise.all(
    kinds.map((kind) => {
      const t = articleTable(kind);
      return getDb().select({ title: t.title }).from(t).where(publicWhere(kind, clockNow()));
    }),
  );
  return lists.flat().map((r) => r.title);
}
