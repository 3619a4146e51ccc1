import { defineMiddleware } from 'astro:middleware';
import { SESSION_COOKIE, validateSessionToken } from '@/lib/server/auth/session';
import { clearSessionCookie, setSessionCookie, setSignedInHint } from '@/lib/server/auth/cookies';
import { SIGNED_IN_HINT_COOKIE } from '@/lib/shared/auth-hint';
import { applySecurityHeaders, isCrossSiteWrite } from '@/lib/server/security';
import { json } from '@/lib/server/http';
import { cachedResponse, clearResponseCache, dataVersion, storeResponse } from '@/lib/server/response-cache';

const isGuarded = (path: string) => path === '/admin' || path.startsWith('/admin/');

/** Reads the session once per request, refuses cross-site writes and guards /admin before any HTML. */
export const onRequest = defineMiddleware(async (ctx, next) => {
  ctx.locals.user = null;
  ctx.locals.session = null;
  if (ctx.isPrerendered) return next();

  const { request, url, cookies } = ctx;
  if (isCrossSiteWrite(request, url)) {
    return applySecurityHeaders(json({ message: 'Cross-site requests are not allowed.' }, { status: 403 }), url);
  }

  const token = cookies.get(SESSION_COOKIE)?.value;
  // Anonymous GETs of shareable answers (the route says `public, s-maxage`) come from a short cache.
  const cacheKey = request.method === 'GET' && !token ? url.pathname + url.search : undefined;
  const version = cacheKey ? await dataVersion() : undefined;
  if (cacheKey && version !== undefined) {
    const hit = cachedResponse(cacheKey, version);
    if (hit) return applySecurityHeaders(hit, url);
  }
  if (token) {
    const found = await validateSessionToken(token);
    if (found) {
      ctx.locals.user = found.user;
      ctx.locals.session = found.session;
      if (found.renewed) setSessionCookie(cookies, url, token, found.session.expiresAt);
      else if (!cookies.has(SIGNED_IN_HINT_COOKIE)) setSignedInHint(cookies, url, found.session.expiresAt);
    } else {
      clearSessionCookie(cookies, url);
    }
  }

  if (isGuarded(url.pathname) && !ctx.locals.user) {
    const target = url.pathname + url.search;
    return applySecurityHeaders(ctx.redirect(`/login?redirect=${encodeURIComponent(target)}`, 302), url);
  }

  const response = await next();
  if (request.method !== 'GET' && request.method !== 'HEAD' && response.status < 400) clearResponseCache();
  return applySecurityHeaders(cacheKey && version !== undefined ? await storeResponse(cacheKey, version, response) : response, url);
});
