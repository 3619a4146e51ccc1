import type { APIRoute } from 'astro';
import { handle, json } from '@/lib/server/http';
import { getFeaturedResearchArticle } from '@/lib/server/content/research-articles';

export const prerender = false;

/** The newest published featured article; 404 when there is none. */
export const GET: APIRoute = handle(async () => json(await getFeaturedResearchArticle()));
