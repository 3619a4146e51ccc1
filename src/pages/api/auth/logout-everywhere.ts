import type { APIRoute } from 'astro';
import { handle, json } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { invalidateUserSessions } from '#lib/server/auth/session.ts';
import { clearSessionCookie } from '#lib/server/auth/cookies.ts';

export const prerender = false;

/** POST: ends every session of the signed-in user (this one included): 200 { ended }, 401 without a session. */
export const POST: APIRoute = handle(async ({ cookies, locals }) => {
  const user = requireUser(locals);
  const ended = await invalidateUserSessions(user.id);
  clearSessionCookie(cookies);
  return json({ ended });
});
