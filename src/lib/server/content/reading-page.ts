import type { AstroGlobal } from 'astro';
import type { ArticleKind } from '#lib/shared/article-kinds.ts';
import { CACHE } from '#lib/server/cache/policy.ts';
import { nextScheduledRead, publicItemRead, type ShownItem } from './articles.ts';
import { cacheControlBefore } from './public-cache.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { contentTags, tagResponse } from '#lib/server/cache/cdn.ts';

/** The public item a reading page shows (404 and no-store when there is none), with its caching. */
export async function publicReadingPage(astro: AstroGlobal, kind: ArticleKind): Promise<ShownItem | null> {
  // The item and the next scheduled date (which caps the caching) in one round trip.
  const [item, next] = await readAll([publicItemRead(kind, astro.params.slug ?? ''), nextScheduledRead()]);
  if (!item) astro.response.status = 404;
  astro.response.headers.set('Cache-Control', item ? cacheControlBefore(next, astro.cookies) : CACHE.none.control);
  if (item) tagResponse(astro.response.headers, contentTags(kind, item.slug));
  return item;
}
