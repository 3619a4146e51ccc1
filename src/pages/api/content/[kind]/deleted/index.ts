import type { APIRoute } from 'astro';
import { handle, json } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { parseKind } from '#lib/server/content/route-id.ts';
import { listDeleted } from '#lib/server/content/history.ts';

export const prerender = false;

/** Deleted items of a kind that can be restored, newest first. */
export const GET: APIRoute = handle(async ({ locals, params }) => {
  requireUser(locals);
  return json(await listDeleted(parseKind(params.kind)));
});
