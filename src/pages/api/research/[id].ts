import type { APIRoute } from 'astro';
import { handle, json, parseBody } from '@/lib/server/http.ts';
import { CACHE } from '@/lib/server/cache.ts';
import { requireUser } from '@/lib/server/auth/require-user.ts';
import { deleteResearchArticle, updateResearchArticle } from '@/lib/server/content/research-articles.ts';
import { parseId } from '@/lib/server/content/errors.ts';
import { ResearchUpdateSchema } from '@/lib/shared/schemas/content.ts';
import { CONTENT_BODY_LIMIT } from '@/lib/server/content/limits.ts';

export const prerender = false;

/** The full editor fields or only the SEO fields; what is left out is kept. */
export const PUT: APIRoute = handle(async ({ locals, params, request }) => {
  requireUser(locals);
  const id = parseId(params.id, 'Research article');
  const input = await parseBody(request, ResearchUpdateSchema, CONTENT_BODY_LIMIT);
  return json(await updateResearchArticle(id, input));
});

export const DELETE: APIRoute = handle(async ({ locals, params }) => {
  requireUser(locals);
  await deleteResearchArticle(parseId(params.id, 'Research article'));
  return new Response(null, { status: 204, headers: { 'Cache-Control': CACHE.none } });
});
