import type { APIRoute } from 'astro';
import { handle, json, parseBody } from '@/lib/server/http';
import { requireUser } from '@/lib/server/auth/require-user';
import { createResearchArticle, listResearchArticles } from '@/lib/server/content/research-articles';
import { CONTENT_BODY_LIMIT } from '@/lib/server/content/limits';
import { ResearchInputSchema } from '@/lib/shared/schemas/content';

export const prerender = false;

/** Newest first. Anonymous callers get published articles only, whatever the query. */
export const GET: APIRoute = handle(async ({ locals, url }) => {
  const items = await listResearchArticles({ includeDrafts: !!locals.user, publishedOnly: url.searchParams.get('published') === 'true' });
  return json(items);
});

export const POST: APIRoute = handle(async ({ locals, request }) => {
  requireUser(locals);
  const input = await parseBody(request, ResearchInputSchema, CONTENT_BODY_LIMIT);
  return json(await createResearchArticle(input), { status: 201 });
});
