import type { APIRoute } from 'astro';
import { siteOrigin } from '#lib/server/config.ts';
import { nextScheduledRead, publicListRead } from '#lib/server/content/articles.ts';
import { cacheControlBefore } from '#lib/server/content/public-cache.ts';
import { readAll } from '#lib/server/reads.ts';
import { listTags, tagResponse } from '#lib/server/cdn.ts';
import { itemPath, newestFirst, shownDate } from '#lib/shared/article-kinds.ts';
import { escapeXml } from '#lib/shared/seo.ts';
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
  const items = [...posts, ...articles].sort(newestFirst).slice(0, FEED_SIZE);
  const x = escapeXml;
  const entries = items
    .map((item) => {
      const link = origin + itemPath(item.kind, item.slug);
      return [
        '    <item>',
        `      <title>${x(item.title)}</title>`,
        `      <link>${x(link)}</link>`,
        `      <guid isPermaLink="true">${x(link)}</guid>`,
        // RSS readers render <description> as HTML: escape the excerpt once as HTML (so it shows as the
        // text the author wrote, never as markup) and once more for the XML around it.
        `      <description>${x(x(item.excerpt))}</description>`,
        `      <pubDate>${shownDate(item).toUTCString()}</pubDate>`,
        `      <dc:creator>${x(item.author)}</dc:creator>`,
        `      <category>${x(item.kind === 'blog' ? 'Blog' : (item.category ?? 'Research'))}</category>`,
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  const lastBuild = items[0] ? shownDate(items[0]) : new Date(0);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${x(SITE.name)} — Blog and Research</title>
    <link>${x(origin + '/')}</link>
    <description>${x(SITE.description)}</description>
    <language>en-us</language>
    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>
    <atom:link href="${x(origin + '/rss.xml')}" rel="self" type="application/rss+xml"/>
${entries}
  </channel>
</rss>
`;
  const response = new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': cacheControlBefore(nextScheduled, null) },
  });
  tagResponse(response.headers, listTags());
  return response;
};
