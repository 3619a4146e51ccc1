/**
 * An item as a file: YAML frontmatter with every field of spec section 3 (in a fixed order, so a
 * diff shows only what changed) and the body as written. The same reader loads the starter content
 * and rebuilds the index, so a file and a database row can never disagree on the defaults.
 */
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

/**
 * The YAML library (some 70 modules, about 80 ms of CPU to load) is loaded when a file is first read
 * or written, not by every start: a start whose index is current parses no file.
 */
let yaml: Promise<typeof import('yaml')> | undefined;
const loadYaml = () => (yaml ??= import('yaml'));

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** The file text of an item. */
export async function toDocument(kind: ArticleKind, id: number, values: ArticleValues): Promise<string> {
  const { stringify } = await loadYaml();
  const data: Record<string, unknown> = { id };
  for (const key of [...COMMON_KEYS, ...Object.keys(ARTICLE_KINDS[kind].extras)]) data[key] = iso(values[key] ?? null);
  const front = stringify(data, { lineWidth: 0 }).trimEnd();
  return `---\n${front}\n---\n\n${values.content.trim()}\n`;
}

/** Splits a Markdown file into its YAML frontmatter and body. */
async function splitFrontmatter(source: string): Promise<{ data: Record<string, unknown>; body: string }> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { data: {}, body: source.trim() };
  const { parse } = await loadYaml();
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
export async function fromDocument(kind: ArticleKind, source: string, now: Date): Promise<{ id: number | null; values: ArticleValues }> {
  const { data, body } = await splitFrontmatter(source);
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
