import { defineMiddleware } from 'astro:middleware';
import { SESSION_COOKIE, validateSessionToken } from '@/lib/server/auth/session';
import { clearSessionCookie, setSessionCookie, setSignedInHint } from '@/lib/server/auth/cookies';
import { SIGNED_IN_HINT_COOKIE } from '@/lib/shared/auth-hint';
import { isAdminPath } from '@/lib/shared/private-paths';
import { applySecurityHeaders, isCrossSiteWrite, isImageEndpoint, isPageMethodRefused, methodNotAllowed } from '@/lib/server/security';
import { json } from '@/lib/server/http';
import { cacheKey, cachedResponse, dataVersion, storeResponse } from '@/lib/server/response-cache';

/** Reads the session once per request, refuses cross-site writes and guards /admin before any HTML. */
export const onRequest = defineMiddleware(async (ctx, next) => {
  ctx.locals.user = null;
  ctx.locals.session = null;
  if (ctx.isPrerendered) return next();

  const { request, url, cookies } = ctx;
  if (isImageEndpoint(url.pathname)) return applySecurityHeaders(json({ message: 'Not found' }, { status: 404 }), url);
  if (isPageMethodRefused(request.method, url.pathname)) return applySecurityHeaders(methodNotAllowed(), url);
  if (isCrossSiteWrite(request)) {
    return applySecurityHeaders(json({ message: 'Cross-site requests are not allowed.' }, { status: 403 }), url);
  }

  const token = cookies.get(SESSION_COOKIE)?.value;
  // Anonymous GETs of shareable answers (the route says `public, s-maxage`) come from a short cache,
  // valid while the database's change counter is where it was.
  const key = request.method === 'GET' && !token ? cacheKey(url) : undefined;
  const version = key ? await dataVersion(request) : undefined;
  if (key && version !== undefined) {
    const hit = cachedResponse(key, version);
    if (hit) return applySecurityHeaders(hit, url);
  }
  if (token) {
    const found = await validateSessionToken(token);
    if (found) {
      ctx.locals.user = found.user;
      ctx.locals.session = found.session;
      if (found.renewed) setSessionCookie(cookies, token, found.session.expiresAt);
      else if (!cookies.has(SIGNED_IN_HINT_COOKIE)) setSignedInHint(cookies, found.session.expiresAt);
    } else {
      clearSessionCookie(cookies);
    }
  }

  if (isAdminPath(url.pathname) && !ctx.locals.user) {
    const target = url.pathname + url.search;
    return applySecurityHeaders(ctx.redirect(`/login?redirect=${encodeURIComponent(target)}`, 302), url);
  }

  const response = await next();
  return applySecurityHeaders(key && version !== undefined ? await storeResponse(key, version, response) : response, url);
});
