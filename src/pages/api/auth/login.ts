import type { APIRoute } from 'astro';
import { handle, json, parseBody } from '@/lib/server/http';
import { LoginInputSchema } from '@/lib/shared/schemas/auth';
import { authenticate } from '@/lib/server/auth/login';
import { createSession, generateSessionToken, invalidateSession } from '@/lib/server/auth/session';
import { setSessionCookie } from '@/lib/server/auth/cookies';

export const prerender = false;

export const POST: APIRoute = handle(async ({ request, url, cookies, clientAddress, locals }) => {
  const { username, password } = await parseBody(request, LoginInputSchema, 8 * 1024);
  const user = await authenticate(username, password, clientAddress || 'unknown');
  // A fresh token at every sign-in: a session planted before login is worthless after it.
  if (locals.session) await invalidateSession(locals.session.id);
  const token = generateSessionToken();
  const session = await createSession(token, user.id);
  setSessionCookie(cookies, url, token, session.expiresAt);
  return json(user);
});
