import { sqliteTable, text, integer, blob, index, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Columns shared by blog posts and research articles (spec section 3). */
const articleColumns = () => ({
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique(),
  excerpt: text('excerpt').notNull().default(''),
  content: text('content').notNull(),
  published: integer('published', { mode: 'boolean' }).notNull().default(false),
  featuredImage: text('featured_image'),
  metaTitle: text('meta_title'),
  metaDescription: text('meta_description'),
  tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
  seoKeywords: text('seo_keywords', { mode: 'json' }).$type<string[]>().notNull().default([]),
  canonicalUrl: text('canonical_url'),
  socialImage: text('social_image'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
});

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    ...articleColumns(),
    authorId: text('author_id').notNull().default('default-author'),
  },
  (t) => [index('blog_posts_published_idx').on(t.published, t.publishedAt)],
);

export const researchArticles = sqliteTable(
  'research_articles',
  {
    ...articleColumns(),
    author: text('author').notNull(),
    category: text('category').notNull().default('Research'),
    readingTime: text('reading_time').notNull().default(''),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('research_published_idx').on(t.published, t.featured, t.publishedAt)],
);

/**
 * Uploaded images live in the database so every instance (and a Netlify function) can serve them.
 * The editor's media list reads them newest first through the index: `created_at` is stored after the
 * image bytes, so ordering by it without the index would read every image whole.
 */
export const uploads = sqliteTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    data: blob('data', { mode: 'buffer' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('uploads_created_idx').on(t.createdAt, t.id)],
);

/**
 * The content journal and git outbox: one row per save or delete, written in the same transaction
 * as the change itself. `document` is the whole Markdown file as saved (on a delete: the text that
 * was deleted, so it can be restored). A row with no `committedAt` is still to reach git; `uid`
 * goes into the commit's trailer so a commit made just before a crash is found, not made twice.
 */
export const contentRevisions = sqliteTable(
  'content_revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    uid: text('uid').notNull().unique(),
    kind: text('kind', { enum: ['blog', 'research'] }).notNull(),
    articleId: integer('article_id').notNull(),
    action: text('action', { enum: ['save', 'delete'] }).notNull(),
    /** The item's file relative to the content directory, and its previous one on a rename. */
    path: text('path').notNull(),
    previousPath: text('previous_path'),
    document: text('document').notNull(),
    message: text('message').notNull(),
    authorName: text('author_name').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    committedAt: integer('committed_at', { mode: 'timestamp_ms' }),
    commitSha: text('commit_sha'),
  },
  (t) => [index('content_revisions_item_idx').on(t.kind, t.articleId), index('content_revisions_pending_idx').on(t.committedAt)],
);

/** Unguessable, revocable links to a draft's preview; only the token's SHA-256 is kept. */
export const previewLinks = sqliteTable(
  'preview_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['blog', 'research'] }).notNull(),
    articleId: integer('article_id').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('preview_links_item_idx').on(t.kind, t.articleId)],
);

/** The editor's autosaved, not yet saved state of an item (one per item): what a preview shows. */
export const articleDrafts = sqliteTable(
  'article_drafts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['blog', 'research'] }).notNull(),
    articleId: integer('article_id').notNull(),
    fields: text('fields', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    authorName: text('author_name').notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('article_drafts_item_idx').on(t.kind, t.articleId)],
);
