import type { APIRoute } from 'astro';
import { handle, json } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { parseId, parseKind } from '#lib/server/content/route-id.ts';
import { diffVersion } from '#lib/server/content/history.ts';

export const prerender = false;

/** One version and its line diff against the item's current text. */
export const GET: APIRoute = handle(async ({ locals, params }) => {
  requireUser(locals);
  return json(await diffVersion(parseKind(params.kind), parseId(params.id, 'Item'), parseId(params.revision, 'Version')));
});
