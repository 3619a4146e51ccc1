import type { APIRoute } from 'astro';
import { handle, readLimited } from '#lib/server/http/handle.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { LoginInputSchema } from '#lib/shared/schemas/auth.ts';
import { authenticate } from '#lib/server/auth/login.ts';
import { resolveClientAddress } from '#lib/server/auth/client-address.ts';
import { createSession, generateSessionToken, invalidateSession } from '#lib/server/auth/session.ts';
import { setSessionCookie } from '#lib/server/auth/cookies.ts';
import { config, siteOrigin } from '#lib/server/config.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';
import { safeRedirectTarget } from '#lib/shared/redirect.ts';
import { loginErrorCode, loginPageUrl, type LoginErrorCode } from '#lib/shared/login-form.ts';

export const prerender = false;

const BODY_LIMIT = 8 * 1024;

/** A 303 (the browser follows it with a GET, so a reload never re-posts the password). */
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, ...cacheHeaders(CACHE.none) } });

/**
 * POST /api/auth/login-form: the sign-in form as a browser sends it without JavaScript
 * (application/x-www-form-urlencoded: username, password, redirect). Same checks as
 * POST /api/auth/login (the throttle, one answer for unknown user and wrong password, a fresh
 * session token), but the answer is a page to go to: the safe redirect target on success, else
 * /login?error=<code> with the target carried through. The JSON endpoint stays the API.
 */
export const POST: APIRoute = handle(async ({ request, cookies, clientAddress, locals }) => {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new HttpError(415, 'Send the form as application/x-www-form-urlencoded.');
  }
  const form = new URLSearchParams(new TextDecoder().decode(await readLimited(request, BODY_LIMIT)));
  const redirect = form.get('redirect');
  const back = (code: LoginErrorCode) => seeOther(loginPageUrl(code, redirect));

  const input = LoginInputSchema.safeParse({ username: form.get('username') ?? '', password: form.get('password') ?? '' });
  if (!input.success) return back('missing');
  // libSQL would cut a bound string at a NUL; no real name or password holds one.
  if (input.data.username.includes('\u0000') || input.data.password.includes('\u0000')) return back('invalid');

  const address = resolveClientAddress(clientAddress, request.headers.get('x-forwarded-for'), config().trustedProxies);
  try {
    const user = await authenticate(input.data.username, input.data.password, address);
    // A fresh token at every sign-in: a session planted before login is worthless after it.
    if (locals.session) await invalidateSession(locals.session.id);
    const token = generateSessionToken();
    const session = await createSession(token, user.id);
    setSessionCookie(cookies, token, session.expiresAt);
  } catch (error) {
    if (!(error instanceof HttpError)) console.error(error);
    return back(loginErrorCode(error instanceof HttpError ? error.status : 500));
  }
  return seeOther(safeRedirectTarget(redirect, siteOrigin()));
});
