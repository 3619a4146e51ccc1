import type { APIRoute } from 'astro';
import { handle, json } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { parseId, parseKind } from '#lib/server/content/route-id.ts';
import { listVersions } from '#lib/server/content/history.ts';

export const prerender = false;

/** The item's versions, newest first: date, author, message, commit. */
export const GET: APIRoute = handle(async ({ locals, params }) => {
  requireUser(locals);
  return json(await listVersions(parseKind(params.kind), parseId(params.id, 'Item')));
});
