import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../client.ts';
import { blogPosts, researchArticles } from '../schema/index.ts';
import { parseFrontmatter } from './frontmatter.ts';
import {
  slugify,
  defaultExcerpt,
  defaultMetaDescription,
  readingTime,
  DEFAULT_AUTHOR_ID,
} from '../../src/lib/shared/article-rules.ts';

function readMarkdown(dir: string) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => parseFrontmatter(readFileSync(join(dir, f), 'utf8')));
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
const date = (v: unknown) => (v ? new Date(String(v)) : undefined);

/** The columns both kinds share, with the editor's defaults applied. */
function commonFields(data: Record<string, unknown>, body: string) {
  const title = String(data.title ?? '').trim();
  const excerpt = str(data.excerpt) ?? defaultExcerpt(body);
  const published = data.published !== false;
  const createdAt = date(data.createdAt) ?? date(data.publishedAt) ?? new Date();
  return {
    title,
    slug: str(data.slug) ?? slugify(title),
    excerpt,
    content: body,
    published,
    featuredImage: str(data.featuredImage) ?? null,
    metaTitle: str(data.metaTitle) ?? title,
    metaDescription: str(data.metaDescription) ?? defaultMetaDescription(excerpt, body),
    tags: list(data.tags),
    seoKeywords: list(data.seoKeywords),
    canonicalUrl: str(data.canonicalUrl) ?? null,
    socialImage: str(data.socialImage) ?? null,
    createdAt,
    updatedAt: createdAt,
    publishedAt: published ? (date(data.publishedAt) ?? createdAt) : null,
    seeded: true,
  };
}

/** Loads the starter posts and articles from content/ (existing slugs are left alone). */
export async function seedContent(db: Database, contentDir: string) {
  const posts = readMarkdown(join(contentDir, 'blog')).map(({ data, body }) => ({
    ...commonFields(data, body),
    authorId: str(data.authorId) ?? DEFAULT_AUTHOR_ID,
  }));
  const articles = readMarkdown(join(contentDir, 'research')).map(({ data, body }) => ({
    ...commonFields(data, body),
    author: str(data.author) ?? 'RWA Research Team',
    category: str(data.category) ?? 'Research',
    readingTime: str(data.readingTime) ?? readingTime(body),
    featured: data.featured === true,
  }));
  if (posts.length) await db.insert(blogPosts).values(posts).onConflictDoNothing();
  if (articles.length) await db.insert(researchArticles).values(articles).onConflictDoNothing();
  return { posts: posts.length, articles: articles.length };
}
