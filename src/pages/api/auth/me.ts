import type { APIRoute } from 'astro';
import { handle, json } from '#lib/server/http/handle.ts';
import { HttpError } from '#lib/server/http/http-error.ts';

export const prerender = false;

export const GET: APIRoute = handle(({ locals }) => {
  if (!locals.user) throw new HttpError(401, 'Not signed in');
  return json({ id: locals.user.id, username: locals.user.username });
});
