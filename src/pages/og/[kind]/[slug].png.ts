import type { APIRoute } from 'astro';
import { getPublic } from '#lib/server/content/articles.ts';
import { contentCacheControl } from '#lib/server/content/public-cache.ts';
import { contentTags } from '#lib/server/cache/cdn.ts';
import { cardResponse, notFound } from '#lib/server/og/cards.ts';
import { ARTICLE_KINDS, isArticleKind, shownDate } from '#lib/shared/article-kinds.ts';
import { formatLongDate } from '#lib/shared/format.ts';

export const prerender = false;

/**
 * GET /og/<kind>/<slug>.png: the card of a published post or article without an image of its own
 * (its title on the site's card). Drafts and unknown slugs are 404, as their pages are; the card
 * is cached like the page, so an unpublished item's card does not outlive its page in a cache.
 */
export const GET: APIRoute = async ({ params }) => {
  const kind = params.kind ?? '';
  if (!isArticleKind(kind)) return notFound();
  const item = await getPublic(kind, params.slug ?? '');
  if (!item) return notFound();
  return cardResponse(
    {
      eyebrow: ARTICLE_KINDS[kind].texts.badge,
      title: item.title,
      subtitle: item.excerpt || undefined,
      footer: formatLongDate(shownDate(item)),
    },
    { control: await contentCacheControl(null), tags: contentTags(kind, item.slug) },
  );
};
