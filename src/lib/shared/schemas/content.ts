import { z } from 'zod';
import { RESEARCH_CATEGORIES, splitTags } from '#lib/shared/article-rules.ts';

/** '' and null both mean "clear this field" (null); undefined means "not sent" (left as is). */
const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);

/** Text that may be absent: trimmed; '' / null clear it. */
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform(blankToNull);

/** A list of strings, also accepted as comma-separated text (the form's shape). */
const stringList = z
  .union([z.array(z.string().max(100)).max(50), z.string().max(2000)])
  .transform((v) => (typeof v === 'string' ? splitTags(v) : splitTags(v.join(','))));

const HERE = 'https://site.invalid';
/**
 * A path on this site, as a browser reads it: no whitespace or control characters anywhere (a
 * browser drops tab/CR/LF, so '/\t/evil' would be '//evil'), no backslash ('/\evil' is '//evil'),
 * and parsed against an origin it keeps that origin.
 */
// Control characters are exactly what browsers drop from a URL before resolving it ('/\t/evil' -> '//evil').
// eslint-disable-next-line no-control-regex
const isSitePath = (v: string) => v.startsWith('/') && !/[\s\\\u0000-\u001f\u007f]/.test(v) && new URL(v, HERE).origin === HERE;
const isHttpUrl = (v: string) => /^https?:\/\/[^\s\\]+$/i.test(v) && URL.canParse(v);

/** An absolute http(s) URL or a path on this site (uploads are served at /api/uploads/{id}). */
const link = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === '' || isSitePath(v) || isHttpUrl(v), 'Must be an http(s) URL or a path starting with /')
  .nullish()
  .transform(blankToNull);

/** Any text: the server normalises it with the slug rule (a blank slug is made from the title). */
const slug = z.string().trim().max(200).optional();

/** SEO form fields (spec section 3): what /admin/seo sends with PUT. */
export const SeoInputSchema = z.object({
  metaTitle: optionalText(200),
  metaDescription: optionalText(500),
  seoKeywords: stringList.optional(),
  canonicalUrl: link,
  socialImage: link,
});

/**
 * The publish date: an ISO date-time with its offset. A future date schedules a published item;
 * null means "from now on" (and clears a schedule).
 */
const publishedAt = z.iso
  .datetime({ offset: true })
  .nullish()
  .transform((v) => (v === undefined ? undefined : v === null ? null : new Date(v)));

/** The longest body a post or article may have, in characters. */
const CONTENT_MAX = 500_000;

/** The fields both kinds share, extended per kind below. Title and content must be non-empty after trimming (spec section 5). */
const ArticleInputSchema = z.object({
  publishedAt,
  title: z.string().trim().min(1, 'Title is required').max(300),
  slug,
  excerpt: optionalText(1000),
  content: z
    .string()
    .max(CONTENT_MAX)
    .refine((v) => v.trim().length > 0, 'Content is required'),
  published: z.boolean().optional(),
  featuredImage: link,
  tags: stringList.optional(),
  ...SeoInputSchema.shape,
});

/** The editor's live preview: the body as typed (empty renders nothing; the size is a save's). */
export const RenderInputSchema = z.object({ content: z.string().max(CONTENT_MAX) });

export const BlogPostInputSchema = ArticleInputSchema.extend({
  authorId: z.string().trim().max(100).optional(),
});

export const ResearchInputSchema = ArticleInputSchema.extend({
  author: z.string().trim().min(1, 'Author is required').max(200),
  category: z.enum(RESEARCH_CATEGORIES).optional(),
  readingTime: optionalText(40),
  featured: z.boolean().optional(),
});

/**
 * PUT takes the full editor fields or any subset of them (the SEO form sends only the SEO fields):
 * each field given replaces the stored one, the rest stay. Defaults are not applied here but on
 * the merged item. No field has a zod default, so a field left out parses to undefined (kept).
 */
const sentSomething = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);
const NOTHING_SENT = 'Send at least one field to update';

export const BlogPostUpdateSchema = BlogPostInputSchema.partial().refine(sentSomething, NOTHING_SENT);
const ResearchUpdateSchema = ResearchInputSchema.partial().refine(sentSomething, NOTHING_SENT);

/** Each kind's create and update schemas, for the routes that serve both kinds. */
export const INPUT_SCHEMAS = {
  blog: { create: BlogPostInputSchema, update: BlogPostUpdateSchema },
  research: { create: ResearchInputSchema, update: ResearchUpdateSchema },
} as const;
