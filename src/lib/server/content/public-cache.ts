import type { AstroCookies } from 'astro';
import { SESSION_COOKIE } from '../auth/session';
import { now } from '../clock';
import { nextScheduledAt } from './articles';
import { CACHE } from '../cache';

/**
 * The Cache-Control of a public answer that lists or shows content: shareable for up to
 * `sMaxAge` seconds plus `staleSeconds` of stale-while-revalidate, but never past the next
 * scheduled publish date, so no cache (a CDN, or the server's own page cache which reads
 * s-maxage) keeps hiding an item once its moment has come. A request with a session cookie stays
 * private (the middleware may set a cookie on it).
 */
export async function contentCacheControl(cookies: AstroCookies | null, sMaxAge = 60, staleSeconds = 60): Promise<string> {
  if (cookies?.has(SESSION_COOKIE)) return CACHE.personal;
  const next = await nextScheduledAt();
  const left = next ? Math.floor((next.getTime() - now().getTime()) / 1000) : Infinity;
  if (left < 1) return 'public, max-age=0, s-maxage=0, must-revalidate';
  const fresh = Math.min(sMaxAge, left);
  return `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${Math.min(staleSeconds, left - fresh)}`;
}
