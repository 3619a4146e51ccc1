import type { APIRoute } from 'astro';
import { handle, json } from '@/lib/server/http.ts';
import { getFeaturedResearchArticle } from '@/lib/server/content/research-articles.ts';

export const prerender = false;

/** The newest published featured article; 404 when there is none. */
export const GET: APIRoute = handle(async () => json(await getFeaturedResearchArticle()));
