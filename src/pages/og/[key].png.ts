import type { APIRoute } from 'astro';
import { getAsOf } from '#lib/server/figures/run-state.ts';
import { cardResponse, notFound } from '#lib/server/og/cards.ts';
import { formatLongDate } from '#lib/shared/format.ts';
import { PAGE_CARDS, isPageCardKey } from '#lib/shared/og-cards.ts';

export const prerender = false;

/** GET /og/<key>.png: a page's social card (og-cards.ts lists the keys); data pages show the as-of date. */
export const GET: APIRoute = async ({ params }) => {
  const key = params.key ?? '';
  if (!isPageCardKey(key)) return notFound();
  const card = PAGE_CARDS[key];
  const footer = card.data ? `Data as of ${formatLongDate(await getAsOf())}` : undefined;
  return cardResponse({ eyebrow: card.eyebrow, title: card.title, subtitle: card.subtitle, footer });
};
