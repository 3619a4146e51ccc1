/**
 * The save-time rules of spec section 5, applied on the server to whatever arrives (the editor, an
 * API client, a content file) so every item is stored the same way: slug from the title, excerpt
 * from the content, meta description from the excerpt, the kind's own defaults, the publish date.
 */
import { cleanSlug, defaultExcerpt, defaultMetaDescription } from '#lib/shared/article-rules.ts';
import { ARTICLE_KINDS, type ArticleKind } from '#lib/shared/article-kinds.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import type { ArticleFields } from '#lib/shared/content-types.ts';

/** Every stored column of an item except its id, as the database and the files hold it. */
export interface ArticleValues extends ArticleFields<Date> {
  published: boolean;
  /** The kind's own fields (authorId; or author, category, readingTime, featured). */
  [extra: string]: unknown;
}

const orNull = (v: unknown) => (typeof v === 'string' && v ? v : null);
const list = (v: unknown) => (Array.isArray(v) ? v.map(String).filter((s) => s.trim()) : []);

/** In UTF-8 bytes: the file <slug>.md must fit a 255-byte file name. */
const MAX_SLUG_BYTES = 200;

function slugFor(slug: unknown, title: string): string {
  const made = cleanSlug(typeof slug === 'string' && slug ? slug : title);
  if (!made) {
    throw new HttpError(400, 'A slug could not be made from the title; enter a slug with letters or digits.', {
      slug: ['A slug needs at least one letter or digit'],
    });
  }
  // The slug names the item's file: keep it well inside file systems' 255-byte name limit.
  if (new TextEncoder().encode(made).length > MAX_SLUG_BYTES) {
    throw new HttpError(400, 'The slug is too long; shorten it (or the title it is made from).', {
      slug: [`At most ${MAX_SLUG_BYTES} bytes`],
    });
  }
  return made;
}

/** The fields a request actually sent: undefined means "keep the stored value". */
function sentFields<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The full values of an item after a save: `given` (what was sent) over `current` (the stored
 * item, or null for a new one). publishedAt is set the first time an item is published and kept
 * after that, unless a date is sent (a future one schedules the item).
 */
export function articleValues(kind: ArticleKind, given: Record<string, unknown>, current: ArticleValues | null, now: Date): ArticleValues {
  const merged: Record<string, unknown> = { ...(current ?? {}), ...sentFields(given) };
  const title = typeof merged.title === 'string' ? merged.title : '';
  const content = typeof merged.content === 'string' ? merged.content : '';
  const excerpt = orNull(merged.excerpt) ?? defaultExcerpt(content);
  const published = merged.published === true;
  const sentDate = given.publishedAt;
  const kept = current?.publishedAt ?? null;
  // A sent date wins (a future one schedules the item); null sent means "from now on".
  const publishedAt = sentDate instanceof Date ? sentDate : sentDate === null ? (published ? now : null) : published && !kept ? now : kept;
  const extras = Object.fromEntries(Object.entries(ARTICLE_KINDS[kind].extras).map(([key, make]) => [key, make(merged, content)]));
  return {
    title,
    slug: slugFor(merged.slug, title),
    excerpt,
    content,
    published,
    featuredImage: orNull(merged.featuredImage),
    // A new item's meta title starts as its title (what the editor fills in).
    metaTitle: current ? orNull(merged.metaTitle) : (orNull(merged.metaTitle) ?? title),
    metaDescription: orNull(merged.metaDescription) ?? defaultMetaDescription(excerpt, content),
    tags: list(merged.tags),
    seoKeywords: list(merged.seoKeywords),
    canonicalUrl: orNull(merged.canonicalUrl),
    socialImage: orNull(merged.socialImage),
    createdAt: current?.createdAt ?? (merged.createdAt instanceof Date ? merged.createdAt : now),
    updatedAt: merged.updatedAt instanceof Date && !current ? merged.updatedAt : now,
    publishedAt,
    ...extras,
  };
}
