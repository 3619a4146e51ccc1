import type { APIRoute } from 'astro';
import { handle } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { parseId, parseKind } from '#lib/server/content/route-id.ts';
import { revokePreviewLink } from '#lib/server/content/previews.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';

export const prerender = false;

/** Revokes a preview link: from now on it shows nothing. */
export const DELETE: APIRoute = handle(async ({ locals, params }) => {
  requireUser(locals);
  await revokePreviewLink(parseKind(params.kind), parseId(params.id, 'Item'), parseId(params.link, 'Preview link'));
  return new Response(null, { status: 204, headers: { ...cacheHeaders(CACHE.none) } });
});
