import type { APIRoute } from 'astro';
import { handle } from '#lib/server/http/handle.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { deleteUpload, getUpload, isUploadPublished } from '#lib/server/content/uploads.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';

export const prerender = false;

/**
 * Serves a stored image to anyone once a published item shows it (its bytes never change: cached
 * for a year), and to the signed-in admin always (drafts). Anyone else gets the same 404 as for an
 * unknown id, so ids of draft images cannot be probed.
 */
export const GET: APIRoute = handle(async ({ params, locals }) => {
  const id = params.id ?? '';
  const found = await getUpload(id);
  const visible = found && (locals.user ? true : await isUploadPublished(id));
  if (!found || !visible) throw new HttpError(404, 'Image not found');
  const published = locals.user ? await isUploadPublished(id) : true;
  return new Response(new Uint8Array(found.data), {
    headers: {
      'Content-Type': found.mimeType,
      'Content-Length': String(found.data.byteLength),
      ...cacheHeaders(published ? CACHE.immutable : CACHE.personal),
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
});

/** DELETE (session): removes the image; 204, or 404 when there is none. */
export const DELETE: APIRoute = handle(async ({ params, locals }) => {
  requireUser(locals);
  if (!(await deleteUpload(params.id ?? ''))) throw new HttpError(404, 'Image not found');
  return new Response(null, { status: 204, headers: { ...cacheHeaders(CACHE.none) } });
});
