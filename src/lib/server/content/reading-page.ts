import type { AstroGlobal } from 'astro';
import type { ArticleKind } from '@/lib/shared/article-kinds';
import { CACHE } from '../cache';
import { getPublic, type ShownItem } from './articles';
import { contentCacheControl } from './public-cache';

/** The public item a reading page shows (404 and no-store when there is none), with its caching. */
export async function publicReadingPage(astro: AstroGlobal, kind: ArticleKind): Promise<ShownItem | null> {
  const item = await getPublic(kind, astro.params.slug ?? '');
  if (!item) astro.response.status = 404;
  astro.response.headers.set('Cache-Control', item ? await contentCacheControl(astro.cookies) : CACHE.none);
  return item;
}
