import type { APIRoute } from 'astro';
import { siteOrigin } from '#lib/server/config.ts';
import { nextScheduledRead, publicListRead } from '#lib/server/content/articles.ts';
import { cacheControlBefore } from '#lib/server/content/public-cache.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { listTags, tagResponse } from '#lib/server/cache/cdn.ts';
import { newestFirst } from '#lib/shared/article-kinds.ts';
import { feedXml } from '#lib/server/content/feed.ts';
import { readingBody } from '#lib/server/content/article-view.ts';
import { SITE } from '#lib/shared/site.ts';

export const prerender = false;

/** GET /rss.xml: RSS 2.0 of the newest published blog posts and research articles. */
export const GET: APIRoute = async () => {
  const origin = siteOrigin();
  const FEED_SIZE = 50;
  // Both lists and the next scheduled date (which caps the caching) in one round trip.
  const [posts, articles, nextScheduled] = await readAll([
    publicListRead('blog', FEED_SIZE),
    publicListRead('research', FEED_SIZE),
    nextScheduledRead(),
  ]);
  const listed = [...posts, ...articles].sort(newestFirst).slice(0, FEED_SIZE);
  // Each body as its reading page renders it (cached per text, bounded in time like a page view).
  const items = await Promise.all(listed.map(async (item) => ({ ...item, html: (await readingBody(item.content)).html || null })));
  const xml = feedXml({ origin, title: `${SITE.name} — Blog and Research`, description: SITE.description }, items);
  const response = new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': cacheControlBefore(nextScheduled, null) },
  });
  tagResponse(response.headers, listTags());
  return response;
};
