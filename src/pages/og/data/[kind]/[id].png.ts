import type { APIRoute } from 'astro';
import { CACHE } from '#lib/server/cache/policy.ts';
import { isCardKind, loadCard } from '#lib/server/open-data/cards.ts';
import { cardResponse, notFound } from '#lib/server/og/cards.ts';

export const prerender = false;

/**
 * GET /og/data/<asset|network|issuer>/<id>.png: the page's social card, its name and headline
 * figure as the page shows them. Unknown kinds and ids are 404, as their pages are.
 */
export const GET: APIRoute = async ({ params }) => {
  const kind = params.kind ?? '';
  if (!isCardKind(kind)) return notFound();
  const content = await loadCard(kind, (params.id ?? '').slice(0, 100));
  return content ? cardResponse(content, CACHE.dataCard) : notFound();
};
