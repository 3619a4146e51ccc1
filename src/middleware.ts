import { defineMiddleware } from 'astro:middleware';
import { SESSION_COOKIE, validateSessionToken } from '#lib/server/auth/session.ts';
import { clearSessionCookie, setSessionCookie, setSignedInHint } from '#lib/server/auth/cookies.ts';
import { SIGNED_IN_HINT_COOKIE } from '#lib/shared/auth-hint.ts';
import { isAdminPath } from '#lib/shared/private-paths.ts';
import {
  allowFraming,
  applySecurityHeaders,
  isCrossSiteWrite,
  isImageEndpoint,
  isPageMethodRefused,
  methodNotAllowed,
} from '#lib/server/http/security.ts';
import { json } from '#lib/server/http/handle.ts';
import { isMcpPath, MCP_ORIGIN_REFUSED, RPC, rpcError } from '#lib/server/http/mcp-edge.ts';
import { cacheKey, cachedResponse, dataVersion, storeResponse } from '#lib/server/cache/response-cache.ts';
import { CACHE, finalCacheControl, cacheHeaders } from '#lib/server/cache/policy.ts';
import { trailingSlashStatus, trailingSlashTarget } from '#lib/server/http/trailing-slash.ts';
import { apiPreamble } from '#lib/server/http/api-preamble.ts';
import { functionHold } from '#lib/server/content/acknowledge.ts';
import { firstRequestTrigger } from '#lib/server/ingest/auto.ts';
import { getDb } from '#lib/server/db/client.ts';
import { withReadMemo } from '#lib/server/db/read-memo.ts';
import { varyOnDeclaredQuery } from '#lib/server/cache/query-vary.ts';
import { hasTableViews } from '#lib/shared/route-params.ts';

/** Reads the session once per request, refuses cross-site writes and guards /admin before any HTML. */
export const onRequest = defineMiddleware(async (ctx, next) => {
  ctx.locals.user = null;
  ctx.locals.session = null;
  if (ctx.isPrerendered) return next();
  // A function host (Netlify): the first request an instance serves may start the first ingest run (auto.ts).
  const hold = functionHold();
  if (hold) hold.waitUntil(firstRequestTrigger(getDb(), process.env));

  const { request, url, cookies } = ctx;
  if (isImageEndpoint(url.pathname)) return applySecurityHeaders(json({ message: 'Not found' }, { status: 404 }), url);
  if (isPageMethodRefused(request.method, url.pathname)) return applySecurityHeaders(methodNotAllowed(), url);
  // One address per page (the Node edge answers this before the app; Netlify has no edge).
  const canonical = trailingSlashTarget(url.pathname, url.search);
  if (canonical !== null) {
    const headers = { Location: canonical, ...cacheHeaders(CACHE.redirect) };
    return applySecurityHeaders(new Response(null, { status: trailingSlashStatus(request.method), headers }), url);
  }
  // A cross-site write is refused before anything else says what the route has (a 405 would tell an
  // attacker which methods exist); OPTIONS is not a write, so preflights still reach the preamble.
  if (isCrossSiteWrite(request, url.pathname)) {
    if (isMcpPath(url.pathname)) return applySecurityHeaders(rpcError(403, RPC.serverError, MCP_ORIGIN_REFUSED), url);
    return applySecurityHeaders(json({ message: 'Cross-site requests are not allowed.' }, { status: 403 }), url);
  }
  // The MCP endpoint reads no session and is never cached: it answers with what the request carries alone.
  if (isMcpPath(url.pathname)) return applySecurityHeaders(await next(), url);
  // /api/: a preflight, a method the route does not have, a malformed address (JSON, never the HTML 404).
  const early = await apiPreamble(request, url, ctx.routePattern);
  if (early) return applySecurityHeaders(early, url);

  const token = cookies.get(SESSION_COOKIE)?.value;
  // Anonymous GETs of shareable answers (the route says `public, s-maxage`) come from a short cache,
  // valid while the database's change counter is where it was.
  const key = request.method === 'GET' && !token && !isAdminPath(url.pathname) ? cacheKey(url) : undefined;
  // The route renders the query its key names, and nothing else of what was sent (route-params.ts):
  // what the key leaves out cannot change the page stored under it. `url` is the route's Astro.url.
  if (key) url.search = key.slice(url.pathname.length);
  const version = key ? await dataVersion(request) : undefined;
  if (key && version !== undefined) {
    const hit = cachedResponse(key, version, request);
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

  // Every answer from here on may carry a cookie this request set (Astro adds them to the response
  // after the middleware, so they are read from ctx.cookies) or depend on the session.
  const finish = (answer: Response) => {
    // After the baseline headers, which give private paths a plain no-store: a cookie outranks that too.
    let response = applySecurityHeaders(answer, url);
    const setsCookie = response.headers.has('set-cookie') || !cookies.headers().next().done;
    const cacheControl = finalCacheControl(response.headers.get('cache-control'), { setsCookie, signedIn: token !== undefined });
    if (cacheControl === null || cacheControl === response.headers.get('cache-control')) return response;
    try {
      response.headers.set('Cache-Control', cacheControl);
    } catch {
      // Immutable headers (a fetched response): copy into one that can be changed.
      response = new Response(response.body, response);
      response.headers.set('Cache-Control', cacheControl);
    }
    return response;
  };

  if (isAdminPath(url.pathname) && !ctx.locals.user) {
    const target = url.pathname + url.search;
    return finish(ctx.redirect(`/login?redirect=${encodeURIComponent(target)}`, 302));
  }

  // A page with sortable or filterable tables renders inside a read memo keyed by the counter its entry is
  // filed under: a view (a sort or filter link) re-uses the batches the plain page read, and only sorts and
  // filters their rows.
  const shared = key !== undefined && version !== undefined && hasTableViews(url.pathname);
  const rendered = shared ? await withReadMemo(version, next) : await next();
  const response = varyOnDeclaredQuery(allowFraming(rendered, url.pathname), url.pathname);
  const setsCookie = !cookies.headers().next().done;
  return finish(key && version !== undefined && !setsCookie ? await storeResponse(key, version, response) : response);
});
