import { HttpError } from '#lib/server/http/http-error.ts';
import type { SessionUser } from './session.ts';

/** The signed-in user, or 401 { message } for an anonymous caller. Writes call this first. */
export function requireUser(locals: App.Locals): SessionUser {
  if (!locals.user) throw new HttpError(401, 'You must be signed in to do this.');
  return locals.user;
}
