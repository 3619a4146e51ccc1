import type { APIRoute } from 'astro';
import { handle, json } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { parseId, parseKind } from '#lib/server/content/route-id.ts';
import { restoreDeleted } from '#lib/server/content/history.ts';

export const prerender = false;

/** Puts a deleted item back under its old id, with its last text (a new revision and commit). */
export const POST: APIRoute = handle(async ({ locals, params }) => {
  const user = requireUser(locals);
  return json(await restoreDeleted(parseKind(params.kind), parseId(params.revision, 'Version'), user), { status: 201 });
});
