import { sqliteTable, text, integer, blob, index } from 'drizzle-orm/sqlite-core';

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
  /** Set when the row came from content/; seeding skips any slug that already exists. */
  seeded: integer('seeded', { mode: 'boolean' }).notNull().default(false),
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

/** Uploaded images live in the database so every instance (and a Netlify function) can serve them. */
export const uploads = sqliteTable('uploads', {
  id: text('id').primaryKey(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  data: blob('data', { mode: 'buffer' }).notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});
