import type { APIRoute } from 'astro';
import { handle, json } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { parseId, parseKind } from '#lib/server/content/route-id.ts';
import { createPreviewLink, listPreviewLinks } from '#lib/server/content/previews.ts';

export const prerender = false;

/** The item's preview links (without their tokens). */
export const GET: APIRoute = handle(async ({ locals, params }) => {
  requireUser(locals);
  return json(await listPreviewLinks(parseKind(params.kind), parseId(params.id, 'Item')));
});

/** A new preview link; its URL (with the token) is in this answer only. */
export const POST: APIRoute = handle(async ({ locals, params }) => {
  requireUser(locals);
  return json(await createPreviewLink(parseKind(params.kind), parseId(params.id, 'Item')), { status: 201 });
});
