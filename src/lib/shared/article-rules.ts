/**
 * The editing rules of spec section 5, shared by the admin editor (browser) and the API (server)
 * so a post saved through either gets the same slug, excerpt, meta description and reading time.
 */

const EXCERPT_LENGTH = 200;
export const META_DESCRIPTION_LIMIT = 160;
export const META_TITLE_LIMIT = 60;
const WORDS_PER_MINUTE = 200;
export const RESEARCH_CATEGORIES = ['Research', 'Product Update', 'Guest Post', 'Market Analysis', 'Industry News'] as const;
export type ResearchCategory = (typeof RESEARCH_CATEGORIES)[number];
export const DEFAULT_AUTHOR_ID = 'default-author';
/** A research article saved without an author (from a file) is the research team's. */
export const DEFAULT_RESEARCH_AUTHOR = 'RWA Research Team';

/**
 * Slug from a title: lowercase; characters other than letters, digits, spaces and hyphens
 * removed; spaces turned into hyphens; repeated hyphens collapsed. Letters and digits are
 * Unicode-aware, so 'Über Bonds' keeps its ü.
 *
 * NFKC first (and again after lower-casing): the same words typed on another system (macOS sends
 * decomposed "e" + U+0301) or in compatibility forms (full-width 'ｃａｆé', ligatures) make the same
 * slug, so they are one item and one file, never two that collide on a checkout. Invisible
 * "letters" (Hangul fillers and the other default-ignorable code points) go, so a slug of nothing
 * visible is empty, and refused.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-')
    .replace(/-+/g, '-');
}

/** The first 200 characters of the content plus '...'. */
export function defaultExcerpt(content: string): string {
  return content.slice(0, EXCERPT_LENGTH) + '...';
}

/** The excerpt, or the first 160 characters of the content plus '...'. */
export function defaultMetaDescription(excerpt: string, content: string): string {
  return excerpt ? excerpt : content.slice(0, META_DESCRIPTION_LIMIT) + '...';
}

/** Comma-separated tags, trimmed, empties dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

function countWords(content: string): number {
  const words = content.trim().split(/\s+/);
  return words[0] === '' ? 0 : words.length;
}

/** 200 words per minute, rounded up, as 'N min'. */
export function readingTime(content: string): string {
  return `${Math.ceil(countWords(content) / WORDS_PER_MINUTE)} min`;
}

export interface SeoFields {
  metaTitle?: string | null;
  metaDescription?: string | null;
  seoKeywords?: readonly string[] | null;
  canonicalUrl?: string | null;
  socialImage?: string | null;
}

/** The SEO score of spec section 5, out of 100. */
export function seoScore(item: SeoFields): number {
  let score = 0;
  const title = item.metaTitle ?? '';
  const description = item.metaDescription ?? '';
  const keywords = item.seoKeywords ?? [];
  if (title) score += 20 + (title.length >= 30 && title.length <= 60 ? 10 : 0);
  if (description) score += 20 + (description.length >= 120 && description.length <= 160 ? 10 : 0);
  if (keywords.length > 0) score += 20 + (keywords.length >= 3 && keywords.length <= 7 ? 10 : 0);
  if (item.canonicalUrl) score += 15;
  if (item.socialImage) score += 15;
  return Math.min(score, 100);
}

/**
 * A slug ready to store: the slugify rule, without leading or trailing hyphens (which a title
 * starting or ending with a space would leave). Used by the editor and the server alike.
 */
export function cleanSlug(text: string): string {
  return slugify(text).replace(/^-+|-+$/g, '');
}
