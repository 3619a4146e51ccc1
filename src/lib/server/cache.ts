import type { AstroCookies } from 'astro';
import { SESSION_COOKIE } from './auth/session';

/**
 * Reading pages: a CDN may serve a copy for 60 s and keep serving it for 60 s more while it
 * revalidates, so an admin's edit is visible within a minute; browsers always revalidate.
 */
export const READING_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';
/** Drafts, not-found answers and anything personal. */
export const NO_STORE = 'no-store';

/**
 * The Cache-Control of a found reading page. A request carrying a session cookie may get a
 * renewed (or cleared) Set-Cookie from the middleware, which a shared cache must never keep,
 * so those answers stay private.
 */
export function readingCacheControl(cookies: AstroCookies): string {
  return cookies.has(SESSION_COOKIE) ? 'private, no-cache' : READING_CACHE;
}
