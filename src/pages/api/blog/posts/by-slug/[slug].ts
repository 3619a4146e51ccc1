import type { APIRoute } from 'astro';
import { handle, json } from '@/lib/server/http';
import { getBlogPostBySlug } from '@/lib/server/content/blog-posts';

export const prerender = false;

/** One post; a draft is 404 unless the caller is signed in. */
export const GET: APIRoute = handle(async ({ locals, params }) => json(await getBlogPostBySlug(params.slug ?? '', !!locals.user)));
