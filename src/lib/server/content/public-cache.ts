import type { AstroCookies } from 'astro';
import { SESSION_COOKIE } from '#lib/server/auth/session.ts';
import { now } from '#lib/server/clock.ts';
import { nextScheduledAt } from './articles.ts';
import { CACHE, sharedUntil } from '#lib/server/cache/policy.ts';

/**
 * The Cache-Control of a public answer that lists or shows content: the given shareable policy,
 * but never past the next scheduled publish date, so no cache (a CDN, or the server's own page
 * cache which reads s-maxage) keeps hiding an item once its moment has come. A request with a
 * session cookie stays private (the middleware may set a cookie on it).
 */
export async function contentCacheControl(cookies: AstroCookies | null, policy: Policy = 'reading'): Promise<string> {
  if (cookies?.has(SESSION_COOKIE)) return CACHE.personal.control;
  return cacheControlBefore(await nextScheduledAt(), null, policy);
}

type Policy = 'reading' | 'dataPage';

/**
 * The same rule with the next scheduled date already read (a page reads it in its batch,
 * `nextScheduledRead`, to stay within its round trips).
 */
export function cacheControlBefore(next: Date | null, cookies: AstroCookies | null, policy: Policy = 'reading'): string {
  if (cookies?.has(SESSION_COOKIE)) return CACHE.personal.control;
  return sharedUntil(policy, next ? Math.floor((next.getTime() - now().getTime()) / 1000) : Infinity);
}
