/**
 * The JSON endpoints of both kinds, made from the kind's configuration: the files under
 * src/pages/api/blog/posts and src/pages/api/research only say which kind they serve.
 */
import type { APIContext, APIRoute } from 'astro';
import { ARTICLE_KINDS, type ArticleKind } from '#lib/shared/article-kinds.ts';
import { INPUT_SCHEMAS } from '#lib/shared/schemas/content.ts';
import { handle, json, parseBody } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { createItem, deleteItem, getBySlug, getFeatured, listItems, updateItem } from './articles.ts';
import { parseId } from './route-id.ts';
import { CONTENT_BODY_LIMIT } from './limits.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';

/** GET: newest first; anonymous callers get public items only, whatever the query. POST: create. */
export function collectionRoutes(kind: ArticleKind): { GET: APIRoute; POST: APIRoute } {
  return {
    GET: handle(async ({ locals, url }: APIContext) =>
      json(await listItems(kind, { signedIn: !!locals.user, publicOnly: url.searchParams.get('published') === 'true' })),
    ),
    POST: handle(async ({ locals, request }: APIContext) => {
      const user = requireUser(locals);
      const input = await parseBody(request, INPUT_SCHEMAS[kind].create, CONTENT_BODY_LIMIT);
      return json(await createItem(kind, input, user), { status: 201 });
    }),
  };
}

/** PUT: the full editor fields or only the SEO fields (what is left out is kept). DELETE. */
export function itemRoutes(kind: ArticleKind): { PUT: APIRoute; DELETE: APIRoute } {
  const label = ARTICLE_KINDS[kind].texts.label;
  return {
    PUT: handle(async ({ locals, params, request }: APIContext) => {
      const user = requireUser(locals);
      const id = parseId(params.id, label);
      const input = await parseBody(request, INPUT_SCHEMAS[kind].update, CONTENT_BODY_LIMIT);
      return json(await updateItem(kind, id, input, user));
    }),
    DELETE: handle(async ({ locals, params }: APIContext) => {
      const user = requireUser(locals);
      await deleteItem(kind, parseId(params.id, label), user);
      return new Response(null, { status: 204, headers: { ...cacheHeaders(CACHE.none) } });
    }),
  };
}

/** One item by slug; not public is 404 unless the caller is signed in. */
export const bySlugRoute = (kind: ArticleKind): APIRoute =>
  handle(async ({ locals, params }: APIContext) => json(await getBySlug(kind, params.slug ?? '', !!locals.user)));

/** The featured item (research): the newest public featured one; 404 when there is none. */
export const featuredRoute = (kind: ArticleKind): APIRoute => handle(async () => json(await getFeatured(kind)));
