import type { APIRoute } from 'astro';
import { handle, json, parseBody } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { parseId, parseKind } from '#lib/server/content/route-id.ts';
import { CONTENT_BODY_LIMIT } from '#lib/server/content/limits.ts';
import { deleteDraft, getDraft, saveDraft } from '#lib/server/content/previews.ts';
import { INPUT_SCHEMAS } from '#lib/shared/schemas/content.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';

export const prerender = false;

/** The editor's autosaved draft of an item (null when there is none). */
export const GET: APIRoute = handle(async ({ locals, params }) => {
  requireUser(locals);
  return json(await getDraft(parseKind(params.kind), parseId(params.id, 'Item')));
});

/** Autosave: the editor's fields (validated as an update) become the item's draft; the item itself is unchanged. */
export const PUT: APIRoute = handle(async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const kind = parseKind(params.kind);
  const fields = await parseBody(request, INPUT_SCHEMAS[kind].update, CONTENT_BODY_LIMIT);
  return json(await saveDraft(kind, parseId(params.id, 'Item'), fields, user));
});

export const DELETE: APIRoute = handle(async ({ locals, params }) => {
  requireUser(locals);
  await deleteDraft(parseKind(params.kind), parseId(params.id, 'Item'));
  return new Response(null, { status: 204, headers: { ...cacheHeaders(CACHE.none) } });
});
