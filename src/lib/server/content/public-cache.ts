import type { AstroCookies } from 'astro';
import { SESSION_COOKIE } from '../auth/session';
import { now } from '../clock';
import { nextScheduledAt } from './articles';
import { CACHE, sharedUntil } from '../cache';

/**
 * The Cache-Control of a public answer that lists or shows content: the given shareable policy,
 * but never past the next scheduled publish date, so no cache (a CDN, or the server's own page
 * cache which reads s-maxage) keeps hiding an item once its moment has come. A request with a
 * session cookie stays private (the middleware may set a cookie on it).
 */
export async function contentCacheControl(cookies: AstroCookies | null, policy: 'reading' | 'dataPage' = 'reading'): Promise<string> {
  if (cookies?.has(SESSION_COOKIE)) return CACHE.personal;
  const next = await nextScheduledAt();
  return sharedUntil(policy, next ? Math.floor((next.getTime() - now().getTime()) / 1000) : Infinity);
}
