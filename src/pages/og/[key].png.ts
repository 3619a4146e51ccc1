import type { APIRoute } from 'astro';
import { getAsOf } from '@/lib/server/analytics';
import { cardResponse, notFound } from '@/lib/server/seo-cards';
import { formatLongDate } from '@/lib/shared/format';
import { PAGE_CARDS, isPageCardKey } from '@/lib/shared/og-cards';

export const prerender = false;

/** GET /og/<key>.png: a page's social card (og-cards.ts lists the keys); data pages show the as-of date. */
export const GET: APIRoute = async ({ params }) => {
  const key = params.key ?? '';
  if (!isPageCardKey(key)) return notFound();
  const card = PAGE_CARDS[key];
  const footer = card.data ? `Data as of ${formatLongDate(await getAsOf())}` : undefined;
  return cardResponse({ eyebrow: card.eyebrow, title: card.title, subtitle: card.subtitle, footer });
};
