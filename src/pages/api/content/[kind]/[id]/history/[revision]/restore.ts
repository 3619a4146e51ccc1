import type { APIRoute } from 'astro';
import { handle, json } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { parseId, parseKind } from '#lib/server/content/route-id.ts';
import { restoreVersion } from '#lib/server/content/history.ts';

export const prerender = false;

/** Saves this old version as the item's newest one (a new revision and commit). */
export const POST: APIRoute = handle(async ({ locals, params }) => {
  const user = requireUser(locals);
  return json(await restoreVersion(parseKind(params.kind), parseId(params.id, 'Item'), parseId(params.revision, 'Version'), user));
});
