/**
 * Blog posts and research articles are one concept with two configurations. This module is the one
 * place that says what differs between them (fields, defaults, texts, routes, folder) and the rules
 * they share (public visibility, ordering, the featured pick). The API, the pages, the sitemap, the
 * feed, the content files, the index rebuild and the admin all read from here.
 *
 * Pure: no server or browser APIs, so islands may import it. Imports are relative (not `@/`) so
 * the content scripts that Node runs directly can load it too.
 */
import { DEFAULT_AUTHOR_ID, DEFAULT_RESEARCH_AUTHOR, RESEARCH_CATEGORIES, readingTime, type ResearchCategory } from './article-rules.ts';
import type { ContentKind } from './content-types.ts';

export type ArticleKind = ContentKind;
export const ARTICLE_KIND_NAMES = ['blog', 'research'] as const satisfies readonly ArticleKind[];

/** The fields only one kind has, with the value they take when none is given (spec sections 3 and 9). */
type ExtraDefaults = Record<string, (given: Record<string, unknown>, content: string) => unknown>;

export interface ArticleKindConfig {
  kind: ArticleKind;
  /** Folder under the content directory and first segment of the public URL. */
  dir: 'blog' | 'research';
  /** Public page of one item: `${route}/${slug}`. */
  route: string;
  /** JSON API base (spec section 7). */
  endpoint: string;
  /** The kind-specific fields and their defaults. */
  extras: ExtraDefaults;
  /** Whether the kind has a featured pick (GET /api/research/featured, the /research lead). */
  hasFeatured: boolean;
  texts: {
    noun: string;
    /** 'Blog post' in '<x> not found' and commit messages. */
    label: string;
    slugTaken: string;
    created: string;
    updated: string;
    deleted: string;
    createFailed: string;
    updateFailed: string;
    deleteFailed: string;
    confirmDelete: string;
    empty: string;
    required: string;
    createTitle: string;
    editTitle: string;
    listLabel: string;
    notFoundTitle: string;
    notFoundMessage: string;
    backHref: string;
    backLabel: string;
    badge: string;
    copiedMessage: string;
  };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export const ARTICLE_KINDS: Record<ArticleKind, ArticleKindConfig> = {
  blog: {
    kind: 'blog',
    dir: 'blog',
    route: '/blog',
    endpoint: '/api/blog/posts',
    hasFeatured: false,
    extras: {
      authorId: (g) => text(g.authorId) ?? DEFAULT_AUTHOR_ID,
    },
    texts: {
      noun: 'blog post',
      label: 'Blog post',
      slugTaken: 'A post with this slug already exists',
      created: 'Blog post created successfully',
      updated: 'Blog post updated successfully',
      deleted: 'Blog post deleted successfully',
      createFailed: 'Failed to create blog post',
      updateFailed: 'Failed to update blog post',
      deleteFailed: 'Failed to delete blog post',
      confirmDelete: 'Are you sure you want to delete this blog post?',
      empty: 'No blog posts found. Create your first post!',
      required: 'Title and content are required',
      createTitle: 'Create Blog Post',
      editTitle: 'Edit Blog Post',
      listLabel: 'Blog posts',
      notFoundTitle: 'Post Not Found',
      notFoundMessage: "The blog post you're looking for doesn't exist.",
      backHref: '/',
      backLabel: 'Back to Home',
      badge: 'Blog Post',
      copiedMessage: 'Blog post link copied to clipboard',
    },
  },
  research: {
    kind: 'research',
    dir: 'research',
    route: '/research',
    endpoint: '/api/research',
    hasFeatured: true,
    extras: {
      author: (g) => text(g.author) ?? DEFAULT_RESEARCH_AUTHOR,
      category: (g) => (RESEARCH_CATEGORIES.includes(g.category as ResearchCategory) ? g.category : 'Research'),
      readingTime: (g, content) => text(g.readingTime) ?? readingTime(content),
      featured: (g) => g.featured === true,
    },
    texts: {
      noun: 'research article',
      label: 'Research article',
      slugTaken: 'A research article with this slug already exists',
      created: 'Research article created successfully',
      updated: 'Research article updated successfully',
      deleted: 'Research article deleted successfully',
      createFailed: 'Failed to create research article',
      updateFailed: 'Failed to update research article',
      deleteFailed: 'Failed to delete research article',
      confirmDelete: 'Are you sure you want to delete this research article?',
      empty: 'No research articles found. Create your first research article!',
      required: 'Title, content, and author are required',
      createTitle: 'Create Research Article',
      editTitle: 'Edit Research Article',
      listLabel: 'Research articles',
      notFoundTitle: 'Article Not Found',
      notFoundMessage: "The article you're looking for doesn't exist.",
      backHref: '/research',
      backLabel: 'Back to Research',
      badge: 'Research',
      copiedMessage: 'Article link copied to clipboard',
    },
  },
};

export function isArticleKind(value: unknown): value is ArticleKind {
  return value === 'blog' || value === 'research';
}

/** The public URL path of one item. */
export const itemPath = (kind: ArticleKind, slug: string) => `${ARTICLE_KINDS[kind].route}/${encodeURIComponent(slug)}`;

/** The item's file, relative to the content directory. */
export const itemFile = (kind: ArticleKind, slug: string) => `${ARTICLE_KINDS[kind].dir}/${slug}.md`;

interface Dated {
  published: boolean;
  publishedAt: string | Date | null;
  createdAt: string | Date;
}

const ms = (d: string | Date) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

/** The date an item is shown with and ordered by: its publish date, else its creation date. */
export const shownDate = (item: Dated): Date => new Date(ms(item.publishedAt ?? item.createdAt));

/** Public: published, and its publish date has come (a future date is a scheduled item). */
export const isPublic = (item: Dated, now: Date) => item.published && ms(item.publishedAt ?? item.createdAt) <= now.getTime();

/** Published with a publish date still ahead. */
export const isScheduled = (item: Dated, now: Date) => item.published && !!item.publishedAt && ms(item.publishedAt) > now.getTime();

/** The one ordering everywhere: newest shown date first, then the newest id. */
export function newestFirst<T extends Dated & { id?: number }>(a: T, b: T): number {
  return ms(b.publishedAt ?? b.createdAt) - ms(a.publishedAt ?? a.createdAt) || (b.id ?? 0) - (a.id ?? 0);
}

/** The featured rule: the newest public item flagged featured (items given newest first). */
export function pickFeatured<T extends { featured?: boolean }>(newestFirstItems: T[]): T | null {
  return newestFirstItems.find((i) => i.featured === true) ?? null;
}
