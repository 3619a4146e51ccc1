import { cleanSlug, defaultExcerpt, defaultMetaDescription, readingTime } from '@/lib/shared/article-rules';
import { HttpError } from '../http';

interface Editable {
  title: string;
  slug?: string | null;
  content: string;
  excerpt?: string | null;
  metaDescription?: string | null;
}

/**
 * The editor's save-time defaults (spec section 5), applied by the server too so an API client
 * gets what the form would have produced: slug from the title, excerpt from the content, meta
 * description from the excerpt (or the content).
 */
export function articleDefaults<T extends Editable>(item: T) {
  const slug = cleanSlug(item.slug ? item.slug : item.title);
  if (!slug) {
    throw new HttpError(400, 'A slug could not be made from the title; enter a slug with letters or digits.', {
      slug: ['A slug needs at least one letter or digit'],
    });
  }
  const excerpt = item.excerpt ? item.excerpt : defaultExcerpt(item.content);
  const metaDescription = item.metaDescription ? item.metaDescription : defaultMetaDescription(excerpt, item.content);
  return { slug, excerpt, metaDescription };
}

/** Research reading time: kept when given, else estimated from the content. */
export function readingTimeOrDefault(value: string | null | undefined, content: string): string {
  return value ? value : readingTime(content);
}

/** publishedAt is set the first time an item is published and kept after that. */
export function nextPublishedAt(published: boolean, current: Date | null, now: Date): Date | null {
  return published && !current ? now : current;
}

interface NewArticle extends Editable {
  published?: boolean;
  featuredImage?: string | null;
  metaTitle?: string | null;
  tags?: string[];
  seoKeywords?: string[];
  canonicalUrl?: string | null;
  socialImage?: string | null;
}

/** The columns a new blog post and a new research article share, with the save-time defaults. */
export function newArticleValues(input: NewArticle, now: Date) {
  const { slug, excerpt, metaDescription } = articleDefaults(input);
  const published = input.published ?? false;
  return {
    title: input.title,
    slug,
    excerpt,
    content: input.content,
    published,
    featuredImage: input.featuredImage ?? null,
    metaTitle: input.metaTitle ?? input.title,
    metaDescription,
    tags: input.tags ?? [],
    seoKeywords: input.seoKeywords ?? [],
    canonicalUrl: input.canonicalUrl ?? null,
    socialImage: input.socialImage ?? null,
    createdAt: now,
    updatedAt: now,
    publishedAt: published ? now : null,
  };
}

/** The fields an update actually sent: undefined means "keep the stored value". */
export function sentFields<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
