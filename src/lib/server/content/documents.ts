/**
 * An item as a file: YAML frontmatter with every field of spec section 3 (in a fixed order, so a
 * diff shows only what changed) and the body as written. The same reader loads the starter content
 * and rebuilds the index, so a file and a database row can never disagree on the defaults.
 */
import { parse, stringify } from 'yaml';
import { ARTICLE_KINDS, type ArticleKind } from '#lib/shared/article-kinds.ts';
import { articleValues, type ArticleValues } from './values.ts';

const COMMON_KEYS = [
  'title',
  'slug',
  'excerpt',
  'published',
  'publishedAt',
  'createdAt',
  'updatedAt',
  'featuredImage',
  'metaTitle',
  'metaDescription',
  'tags',
  'seoKeywords',
  'canonicalUrl',
  'socialImage',
] as const;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** The file text of an item. */
export function toDocument(kind: ArticleKind, id: number, values: ArticleValues): string {
  const data: Record<string, unknown> = { id };
  for (const key of [...COMMON_KEYS, ...Object.keys(ARTICLE_KINDS[kind].extras)]) data[key] = iso(values[key] ?? null);
  const front = stringify(data, { lineWidth: 0 }).trimEnd();
  return `---\n${front}\n---\n\n${values.content.trim()}\n`;
}

/** Splits a Markdown file into its YAML frontmatter and body. */
function splitFrontmatter(source: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { data: {}, body: source.trim() };
  const data = parse(match[1]) as unknown;
  return { data: data && typeof data === 'object' ? (data as Record<string, unknown>) : {}, body: match[2].trim() };
}

const date = (v: unknown) => {
  if (v === null || v === undefined || v === '') return undefined;
  const d = v instanceof Date ? v : typeof v === 'string' || typeof v === 'number' ? new Date(v) : undefined;
  if (!d) return undefined;
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/**
 * An item from its file. A file without dates (hand-written starter content) takes its publish
 * date as its creation date; `published` defaults to true there, as the starter files are public.
 */
export function fromDocument(kind: ArticleKind, source: string, now: Date): { id: number | null; values: ArticleValues } {
  const { data, body } = splitFrontmatter(source);
  const published = data.published !== false;
  const createdAt = date(data.createdAt) ?? date(data.publishedAt) ?? now;
  const given: Record<string, unknown> = {
    ...data,
    content: body,
    published,
    createdAt,
    updatedAt: date(data.updatedAt) ?? createdAt,
    publishedAt: date(data.publishedAt) ?? (published ? createdAt : undefined),
  };
  const id = Number(data.id);
  return { id: Number.isSafeInteger(id) && id > 0 ? id : null, values: articleValues(kind, given, null, now) };
}
