import type { APIRoute } from 'astro';
import { handle, json } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { readUploadBody } from '#lib/server/content/read-upload.ts';
import { saveUpload } from '#lib/server/content/uploads.ts';

export const prerender = false;

/** Stores an image (JPEG, PNG, WebP or GIF by its bytes, at most 5 MB) and answers its URL. */
export const POST: APIRoute = handle(async ({ locals, request }) => {
  requireUser(locals);
  const saved = await saveUpload(await readUploadBody(request));
  return json(saved, { status: 201, headers: { Location: saved.url } });
});
