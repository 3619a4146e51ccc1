import type { APIRoute } from 'astro';
import { handle, json, parseBody } from '#lib/server/http/handle.ts';
import { LoginInputSchema } from '#lib/shared/schemas/auth.ts';
import { authenticate } from '#lib/server/auth/login.ts';
import { resolveClientAddress } from '#lib/server/auth/client-address.ts';
import { createSession, generateSessionToken, invalidateSession } from '#lib/server/auth/session.ts';
import { setSessionCookie } from '#lib/server/auth/cookies.ts';
import { config } from '#lib/server/config.ts';

export const prerender = false;

/** 200 { id, username, failedAttempts } and a fresh session cookie; 401 / 429 { message }. */
export const POST: APIRoute = handle(async ({ request, cookies, clientAddress, locals }) => {
  const { username, password } = await parseBody(request, LoginInputSchema, 8 * 1024);
  const address = resolveClientAddress(clientAddress, request.headers.get('x-forwarded-for'), config().trustedProxies);
  const user = await authenticate(username, password, address);
  // A fresh token at every sign-in: a session planted before login is worthless after it.
  if (locals.session) await invalidateSession(locals.session.id);
  const token = generateSessionToken();
  const session = await createSession(token, user.id);
  setSessionCookie(cookies, token, session.expiresAt);
  return json(user);
});
