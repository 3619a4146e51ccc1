/**
 * Read-only access to published blog posts and research articles for the public pages, the
 * sitemap and the feed. Drafts never leave this module: every query filters on `published`.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { blogPosts, researchArticles } from '@db/schema';
import { getDb } from './db';

const publishedDate = (t: typeof blogPosts | typeof researchArticles) => sql<number>`coalesce(${t.publishedAt}, ${t.createdAt})`;

/** A published post with everything /blog/{slug} shows and its head needs. */
export async function getPublishedPost(slug: string) {
  const [row] = await getDb()
    .select({
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      authorId: blogPosts.authorId,
      featuredImage: blogPosts.featuredImage,
      metaTitle: blogPosts.metaTitle,
      metaDescription: blogPosts.metaDescription,
      tags: blogPosts.tags,
      seoKeywords: blogPosts.seoKeywords,
      canonicalUrl: blogPosts.canonicalUrl,
      socialImage: blogPosts.socialImage,
      createdAt: blogPosts.createdAt,
      updatedAt: blogPosts.updatedAt,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return row ?? null;
}
export type PublicPost = NonNullable<Awaited<ReturnType<typeof getPublishedPost>>>;

/** A published research article with everything /research/{slug} shows and its head needs. */
export async function getPublishedArticle(slug: string) {
  const [row] = await getDb()
    .select({
      title: researchArticles.title,
      slug: researchArticles.slug,
      excerpt: researchArticles.excerpt,
      content: researchArticles.content,
      author: researchArticles.author,
      category: researchArticles.category,
      readingTime: researchArticles.readingTime,
      featured: researchArticles.featured,
      featuredImage: researchArticles.featuredImage,
      metaTitle: researchArticles.metaTitle,
      metaDescription: researchArticles.metaDescription,
      tags: researchArticles.tags,
      seoKeywords: researchArticles.seoKeywords,
      canonicalUrl: researchArticles.canonicalUrl,
      socialImage: researchArticles.socialImage,
      createdAt: researchArticles.createdAt,
      updatedAt: researchArticles.updatedAt,
      publishedAt: researchArticles.publishedAt,
    })
    .from(researchArticles)
    .where(and(eq(researchArticles.slug, slug), eq(researchArticles.published, true)))
    .limit(1);
  return row ?? null;
}
export type PublicArticle = NonNullable<Awaited<ReturnType<typeof getPublishedArticle>>>;

/** Card fields of every published research article, newest first (the listing shows them all). */
export function listPublishedArticles() {
  return getDb()
    .select({
      title: researchArticles.title,
      slug: researchArticles.slug,
      excerpt: researchArticles.excerpt,
      author: researchArticles.author,
      category: researchArticles.category,
      readingTime: researchArticles.readingTime,
      featured: researchArticles.featured,
      featuredImage: researchArticles.featuredImage,
      createdAt: researchArticles.createdAt,
      publishedAt: researchArticles.publishedAt,
    })
    .from(researchArticles)
    .where(eq(researchArticles.published, true))
    .orderBy(desc(publishedDate(researchArticles)), desc(researchArticles.id));
}
export type ArticleCard = Awaited<ReturnType<typeof listPublishedArticles>>[number];

/** Slug and dates of every published post, newest first: for the sitemap. */
export function listPublishedPostUrls() {
  return getDb()
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt, publishedAt: blogPosts.publishedAt, createdAt: blogPosts.createdAt })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(publishedDate(blogPosts)));
}

/** Slug and dates of every published article, newest first: for the sitemap. */
export function listPublishedArticleUrls() {
  return getDb()
    .select({
      slug: researchArticles.slug,
      updatedAt: researchArticles.updatedAt,
      publishedAt: researchArticles.publishedAt,
      createdAt: researchArticles.createdAt,
    })
    .from(researchArticles)
    .where(eq(researchArticles.published, true))
    .orderBy(desc(publishedDate(researchArticles)));
}

export interface FeedItem {
  kind: 'blog' | 'research';
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  category: string | null;
  date: Date;
}

/** The newest published posts and articles together, for the RSS feed. */
export async function listFeedItems(limit = 50): Promise<FeedItem[]> {
  const db = getDb();
  const [posts, articles] = await Promise.all([
    db
      .select({
        title: blogPosts.title,
        slug: blogPosts.slug,
        excerpt: blogPosts.excerpt,
        author: blogPosts.authorId,
        publishedAt: blogPosts.publishedAt,
        createdAt: blogPosts.createdAt,
      })
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(desc(publishedDate(blogPosts)))
      .limit(limit),
    db
      .select({
        title: researchArticles.title,
        slug: researchArticles.slug,
        excerpt: researchArticles.excerpt,
        author: researchArticles.author,
        category: researchArticles.category,
        publishedAt: researchArticles.publishedAt,
        createdAt: researchArticles.createdAt,
      })
      .from(researchArticles)
      .where(eq(researchArticles.published, true))
      .orderBy(desc(publishedDate(researchArticles)))
      .limit(limit),
  ]);
  return [
    ...posts.map((p) => ({ kind: 'blog' as const, ...p, category: null, date: p.publishedAt ?? p.createdAt })),
    ...articles.map((a) => ({ kind: 'research' as const, ...a, date: a.publishedAt ?? a.createdAt })),
  ]
    .sort((a, b) => b.date.getTime() - a.date.getTime())
    .slice(0, limit)
    .map(({ kind, title, slug, excerpt, author, category, date }) => ({ kind, title, slug, excerpt, author, category, date }));
}

export interface LatestPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: Date | null;
  createdAt: Date;
}

/** The newest published blog posts for the home page's Latest News. */
export function listLatestPublishedPosts(limit = 5): Promise<LatestPost[]> {
  return getDb()
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt))
    .limit(limit);
}
