/**
 * What a CDN in front of the site is told about what an answer shows, and what changed.
 *
 * Cacheable answers carry cache tags (`Netlify-Cache-Tag` for Netlify's CDN, `Cache-Tag` for
 * Cloudflare-style CDNs); a save, a publish or an ingest run purges exactly the tags whose answers it
 * changed, instead of letting the data pages serve 60 + 300 s stale. The tags:
 *
 * - `data`: the figures (data pages, the analytics JSON). Purged when an ingest run publishes.
 * - `content`: every answer showing posts or articles; `content-list` the ones that list them (lists,
 *   Latest News on `/`, the feed, the sitemap); `blog:<slug>` / `research:<slug>` one reading page.
 *   A save purges `content-list` and the item's own tag (its old slug too when renamed).
 *
 * Purging happens only on Netlify (the runtime global `Netlify` exists there); the Node server has
 * no CDN to purge and its own page cache is keyed on the database's change counter, so it is a no-op.
 */
import type { ArticleKind } from '#lib/shared/article-kinds.ts';

export const TAG = {
  data: 'data',
  content: 'content',
  contentList: 'content-list',
  item: (kind: ArticleKind, slug: string) => `${kind}:${slug}`,
} as const;

/** Header names the CDNs read; Netlify strips its own before the visitor sees it. */
const TAG_HEADERS = ['Netlify-Cache-Tag', 'Cache-Tag'];

/** A slug is `[a-z0-9-]` after normalisation; anything else (a comma, a space) must not split or forge a tag. */
const safe = (tag: string) => /^[\w:.-]{1,200}$/.test(tag);

/** Adds the tags (merged with any already set) to a response's headers. */
export function tagResponse(headers: Headers, tags: readonly string[]): void {
  const existing = (headers.get(TAG_HEADERS[0]) ?? '').split(',').map((t) => t.trim());
  const all = [...new Set([...existing, ...tags])].filter(safe);
  if (!all.length) return;
  for (const name of TAG_HEADERS) headers.set(name, all.join(','));
}

/** What a published ingest run purges: every answer that shows figures carries one of these (cache.ts CACHE.data*). */
export const PUBLISHED_RUN_TAGS: readonly string[] = [TAG.data];

/** Tags of a reading page. */
export const contentTags = (kind: ArticleKind, slug: string) => [TAG.content, TAG.item(kind, slug)];
/** Tags of an answer listing content. */
export const listTags = () => [TAG.content, TAG.contentList];

/** What a save (create, update, publish, delete, restore) of an item changed. */
export function savedTags(kind: ArticleKind, slugs: readonly (string | null | undefined)[]): string[] {
  return [TAG.contentList, ...new Set(slugs.filter((s): s is string => !!s).map((s) => TAG.item(kind, s)))].filter(safe);
}

type Purge = (options: { tags: string[] }) => Promise<void>;

/** True inside a Netlify function (the runtime defines the `Netlify` global); never on the Node server. */
export const onNetlify = () => (globalThis as { Netlify?: unknown }).Netlify !== undefined;

/**
 * Purges the tags from Netlify's CDN. Awaited by the caller so that it finishes within the request's
 * lifetime (a function is frozen after its answer); a failure is logged, never fails the save that
 * already happened.
 */
export async function purgeTags(tags: readonly string[], options: { netlify?: boolean; purge?: Purge } = {}): Promise<boolean> {
  if (!(options.netlify ?? onNetlify()) || !tags.length) return false;
  try {
    const purge = options.purge ?? (await import('@netlify/functions')).purgeCache;
    await purge({ tags: [...tags] });
    return true;
  } catch (error) {
    console.error(`CDN purge of ${tags.join(', ')} failed:`, (error as Error).message);
    return false;
  }
}
