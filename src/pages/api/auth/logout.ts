import type { APIRoute } from 'astro';
import { handle, json } from '#lib/server/http/handle.ts';
import { invalidateSession } from '#lib/server/auth/session.ts';
import { clearSessionCookie } from '#lib/server/auth/cookies.ts';

export const prerender = false;

export const POST: APIRoute = handle(async ({ cookies, locals }) => {
  if (locals.session) await invalidateSession(locals.session.id);
  clearSessionCookie(cookies);
  return json({ ok: true });
});
