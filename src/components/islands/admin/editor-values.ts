import {
  cleanSlug,
  DEFAULT_AUTHOR_ID,
  defaultExcerpt,
  defaultMetaDescription,
  readingTime,
  slugify,
  splitTags,
  type ResearchCategory,
} from '#lib/shared/article-rules.ts';
import type { ContentItem, ContentKind } from '#lib/shared/content-types.ts';

/** Everything the editor form holds; what a draft in localStorage stores too. */
export interface EditorValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  published: boolean;
  featuredImage: string;
  tags: string;
  metaTitle: string;
  metaDescription: string;
  /** A blog post's author id (content/authors.json); a research article has `author`, a name. */
  authorId: string;
  author: string;
  category: ResearchCategory;
  readingTime: string;
  featured: boolean;
  /** The publish date as a datetime-local value (local time); a future one schedules the item. */
  publishAt: string;
  /** Sent only when changed by hand: the field has minute precision, the stored date more. */
  publishAtEdited: boolean;
  /** Once the slug / meta title is typed by hand, the title stops filling it. */
  slugEdited: boolean;
  metaTitleEdited: boolean;
}

/** ISO date to a datetime-local input value in the browser's time zone ('' for none). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function valuesFromItem(item: ContentItem | null): EditorValues {
  const research = item && 'author' in item ? item : null;
  return {
    title: item?.title ?? '',
    slug: item?.slug ?? '',
    excerpt: item?.excerpt ?? '',
    content: item?.content ?? '',
    published: item?.published ?? false,
    featuredImage: item?.featuredImage ?? '',
    tags: item?.tags.join(', ') ?? '',
    metaTitle: item?.metaTitle ?? '',
    metaDescription: item?.metaDescription ?? '',
    authorId: item && 'authorId' in item ? item.authorId : DEFAULT_AUTHOR_ID,
    author: research?.author ?? '',
    category: (research?.category as ResearchCategory | undefined) ?? 'Research',
    readingTime: research?.readingTime ?? '',
    featured: research?.featured ?? false,
    publishAt: toLocalInput(item?.publishedAt ?? null),
    publishAtEdited: false,
    // An existing item keeps its URL when its title changes.
    slugEdited: !!item,
    metaTitleEdited: !!item && item.metaTitle !== item.title,
  };
}

/** Typing a title fills the slug and the meta title until those were edited by hand. */
export function withTitle(values: EditorValues, title: string): EditorValues {
  return {
    ...values,
    title,
    slug: values.slugEdited ? values.slug : slugify(title),
    metaTitle: values.metaTitleEdited ? values.metaTitle : title,
  };
}

/** What is wrong with each field, by the editor's field id (the control's id), shown under the field. */
export type FieldErrors = Partial<Record<keyof EditorValues, string>>;

/**
 * The fields the spec requires that are empty: title and content, and the author of a research
 * article (spec section 5; the form's summary says the spec's own sentence, these name the field).
 */
export function requiredErrors(kind: ContentKind, v: EditorValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.title.trim()) errors.title = 'Enter a title.';
  if (!v.content.trim()) errors.content = 'Write the content.';
  if (kind === 'research' && !v.author.trim()) errors.author = 'Enter the author.';
  return errors;
}

export const missingRequired = (kind: ContentKind, v: EditorValues) => Object.keys(requiredErrors(kind, v)).length > 0;

/** The request's field names that the editor shows under another id. */
const FIELD_OF: Record<string, keyof EditorValues> = { publishedAt: 'publishAt' };

/** The server's per-field issues ({ message, issues: { slug: [...] } }) as the editor's field errors. */
export function fieldErrorsFrom(issues: Record<string, string[]> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(issues ?? {})) {
    const field = FIELD_OF[name] ?? name;
    if (messages[0] && field in valuesFromItem(null)) errors[field as keyof EditorValues] = messages[0];
  }
  return errors;
}

/** The request body, with the save-time defaults of spec section 5 applied (the server applies the same). */
export function payloadFromValues(kind: ContentKind, v: EditorValues): Record<string, unknown> {
  const excerpt = v.excerpt.trim() || defaultExcerpt(v.content);
  const common = {
    title: v.title.trim(),
    slug: cleanSlug(v.slug) || cleanSlug(v.title),
    excerpt,
    content: v.content,
    published: v.published,
    featuredImage: v.featuredImage.trim() || null,
    tags: splitTags(v.tags),
    metaTitle: v.metaTitle.trim() || null,
    metaDescription: v.metaDescription.trim() || defaultMetaDescription(excerpt, v.content),
    // Cleared: publish from the moment it is published. Untouched: keep the stored date.
    ...(v.publishAtEdited ? { publishedAt: v.publishAt ? new Date(v.publishAt).toISOString() : null } : {}),
  };
  // A draft kept from before the author choice has no authorId: the stored one stays.
  if (kind === 'blog') return v.authorId ? { ...common, authorId: v.authorId } : common;
  return {
    ...common,
    author: v.author.trim(),
    category: v.category,
    readingTime: v.readingTime.trim() || readingTime(v.content),
    featured: v.featured,
  };
}
