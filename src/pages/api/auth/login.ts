import type { APIRoute } from 'astro';
import { handle, json, parseBody } from '@/lib/server/http';
import { LoginInputSchema } from '@/lib/shared/schemas/auth';
import { authenticate } from '@/lib/server/auth/login';
import { resolveClientAddress } from '@/lib/server/auth/client-address';
import { createSession, generateSessionToken, invalidateSession } from '@/lib/server/auth/session';
import { setSessionCookie } from '@/lib/server/auth/cookies';
import { config } from '@/lib/server/config';

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
