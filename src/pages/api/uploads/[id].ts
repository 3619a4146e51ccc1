import type { APIRoute } from 'astro';
import { handle, HttpError } from '@/lib/server/http';
import { getUpload } from '@/lib/server/content/uploads';

export const prerender = false;

/** Serves a stored image: its content never changes, so it is cached for a year. */
export const GET: APIRoute = handle(async ({ params }) => {
  const found = await getUpload(params.id ?? '');
  if (!found) throw new HttpError(404, 'Image not found');
  return new Response(new Uint8Array(found.data), {
    headers: {
      'Content-Type': found.mimeType,
      'Content-Length': String(found.data.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
});
