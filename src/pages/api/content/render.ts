import type { APIRoute } from 'astro';
import { handle, json, parseBody } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { CONTENT_BODY_LIMIT } from '#lib/server/content/limits.ts';
import { previewBody } from '#lib/server/content/article-view.ts';
import { RenderInputSchema } from '#lib/shared/schemas/content.ts';

export const prerender = false;

/**
 * The editor's live preview: a body rendered by the reading pages' own pipeline and sanitiser
 * ({ html, toc, degraded }). A POST like every admin write, so the middleware's cross-site check
 * guards it; signed in only (it spends the shared render worker).
 */
export const POST: APIRoute = handle(async ({ locals, request }) => {
  requireUser(locals);
  const { content } = await parseBody(request, RenderInputSchema, CONTENT_BODY_LIMIT);
  return json(await previewBody(content));
});
