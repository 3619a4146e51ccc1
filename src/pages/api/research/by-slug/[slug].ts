import type { APIRoute } from 'astro';
import { handle, json } from '@/lib/server/http';
import { getResearchArticleBySlug } from '@/lib/server/content/research-articles';

export const prerender = false;

/** One article; a draft is 404 unless the caller is signed in. */
export const GET: APIRoute = handle(async ({ locals, params }) => json(await getResearchArticleBySlug(params.slug ?? '', !!locals.user)));
