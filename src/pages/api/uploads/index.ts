import type { APIRoute } from 'astro';
import { handle, json } from '#lib/server/http/handle.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { readUploadBody } from '#lib/server/content/read-upload.ts';
import { listUploads, saveUpload } from '#lib/server/content/uploads.ts';
import { readUploadListQuery } from '#lib/shared/upload-list.ts';

export const prerender = false;

/**
 * The uploaded images, newest first, a page at a time (`?limit=` up to 60, `?before=` the `next` of
 * the page before): the editor's media list. The admin's alone: draft images are not public, so
 * neither is the list of them (no-store, no CORS).
 */
export const GET: APIRoute = handle(async ({ locals, url }) => {
  requireUser(locals);
  const read = readUploadListQuery(url.searchParams);
  if ('issues' in read) throw new HttpError(400, 'Some parameters are invalid: ' + Object.keys(read.issues).join(', '), read.issues);
  return json(await listUploads(read.query));
});

/** Stores an image (JPEG, PNG, WebP or GIF by its bytes, at most 5 MB) and answers its URL. */
export const POST: APIRoute = handle(async ({ locals, request }) => {
  requireUser(locals);
  const saved = await saveUpload(await readUploadBody(request));
  return json(saved, { status: 201, headers: { Location: saved.url } });
});
