import { and, desc, eq, ne } from 'drizzle-orm';
import { blogPosts } from '@db/schema';
import { DEFAULT_AUTHOR_ID } from '@/lib/shared/article-rules';
import type { BlogPostInput, BlogPostUpdate } from '@/lib/shared/schemas/content';
import type { BlogPost } from '@/lib/shared/content-types';
import { getDb } from '../db';
import { HttpError } from '../http';
import { articleDefaults, newArticleValues, nextPublishedAt, sentFields } from './defaults';
import { notFound, withSlugConflict } from './errors';
import { toBlogPost } from './serialize';

export const BLOG_SLUG_TAKEN = 'A post with this slug already exists';
const NOT_FOUND = 'Blog post';

/** Posts newest first; drafts only when `includeDrafts` (a signed-in caller). */
export async function listBlogPosts({ includeDrafts, publishedOnly = false }: { includeDrafts: boolean; publishedOnly?: boolean }): Promise<BlogPost[]> {
  const rows = await getDb()
    .select()
    .from(blogPosts)
    .where(includeDrafts && !publishedOnly ? undefined : eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return rows.map(toBlogPost);
}

/** One post by slug; a draft counts as absent unless `includeDrafts`. */
export async function getBlogPostBySlug(slug: string, includeDrafts: boolean): Promise<BlogPost> {
  const [row] = await getDb().select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  if (!row || (!row.published && !includeDrafts)) throw notFound(NOT_FOUND);
  return toBlogPost(row);
}

async function assertSlugFree(slug: string, exceptId?: number) {
  const [hit] = await getDb()
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug))
    .limit(1);
  if (hit) throw new HttpError(409, BLOG_SLUG_TAKEN, { slug: [BLOG_SLUG_TAKEN] });
}

export async function createBlogPost(input: BlogPostInput): Promise<BlogPost> {
  const now = new Date();
  const common = newArticleValues(input, now);
  await assertSlugFree(common.slug);
  const [row] = await withSlugConflict(BLOG_SLUG_TAKEN, () =>
    getDb()
      .insert(blogPosts)
      .values({
        ...common,
        authorId: input.authorId || DEFAULT_AUTHOR_ID,
      })
      .returning(),
  );
  return toBlogPost(row);
}

/** Full or partial (SEO-only) update: fields sent replace the stored ones, then the defaults apply. */
export async function updateBlogPost(id: number, input: BlogPostUpdate): Promise<BlogPost> {
  const db = getDb();
  const [current] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!current) throw notFound(NOT_FOUND);
  const given: Partial<BlogPostInput> = sentFields(input);
  const merged = { ...current, ...given }; // slug '' (sent blank) is made again from the title
  const { slug, excerpt, metaDescription } = articleDefaults(merged);
  if (slug !== current.slug) await assertSlugFree(slug, id);
  const now = new Date();
  const [row] = await withSlugConflict(BLOG_SLUG_TAKEN, () =>
    db
      .update(blogPosts)
      .set({
        ...given,
        slug,
        excerpt,
        metaDescription,
        authorId: merged.authorId || DEFAULT_AUTHOR_ID,
        updatedAt: now,
        publishedAt: nextPublishedAt(merged.published, current.publishedAt, now),
      })
      .where(eq(blogPosts.id, id))
      .returning(),
  );
  return toBlogPost(row);
}

export async function deleteBlogPost(id: number): Promise<void> {
  const deleted = await getDb().delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  if (!deleted.length) throw notFound(NOT_FOUND);
}
