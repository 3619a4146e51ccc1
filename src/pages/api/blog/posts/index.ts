import type { APIRoute } from 'astro';
import { handle, json, parseBody } from '@/lib/server/http';
import { requireUser } from '@/lib/server/auth/require-user';
import { createBlogPost, listBlogPosts } from '@/lib/server/content/blog-posts';
import { CONTENT_BODY_LIMIT } from '@/lib/server/content/limits';
import { BlogPostInputSchema } from '@/lib/shared/schemas/content';

export const prerender = false;

/** Newest first. Anonymous callers get published posts only, whatever the query. */
export const GET: APIRoute = handle(async ({ locals, url }) => {
  const posts = await listBlogPosts({ includeDrafts: !!locals.user, publishedOnly: url.searchParams.get('published') === 'true' });
  return json(posts);
});

export const POST: APIRoute = handle(async ({ locals, request }) => {
  requireUser(locals);
  const input = await parseBody(request, BlogPostInputSchema, CONTENT_BODY_LIMIT);
  return json(await createBlogPost(input), { status: 201 });
});
