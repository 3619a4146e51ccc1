import type { APIRoute } from 'astro';
import { siteOrigin } from '#lib/server/config.ts';
import { asOfRead } from '#lib/server/figures/run-state.ts';
import { nextScheduledRead, publicListRead } from '#lib/server/content/articles.ts';
import { cacheControlBefore } from '#lib/server/content/public-cache.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { listTags, tagResponse, TAG } from '#lib/server/cache/cdn.ts';
import { itemPath } from '#lib/shared/article-kinds.ts';
import { escapeXml } from '#lib/shared/seo.ts';
import { authorName, authorPath } from '#lib/shared/structured-data.ts';
import { ASSET_CLASS_LINKS } from '#lib/shared/site.ts';
import { openDataEntries } from '#lib/server/open-data/sitemap.ts';
import { alertEntries } from '#lib/server/alerts/sitemap.ts';
import { getDb } from '#lib/server/db/client.ts';

export const prerender = false;

/** Pages whose figures come from the dataset: their lastmod is the data's as-of date. */
const DATA_PATHS = ['/', '/networks', '/stablecoins', '/treasuries', '/private-credit', '/commodities', '/sources'];
/** The other public pages of the route list (login, admin and not-found stay out). */
const FIXED_PATHS = [
  ...ASSET_CLASS_LINKS.map((l) => l.href).filter((p) => !DATA_PATHS.includes(p)),
  '/sources/public-figures',
  '/glossary',
];

interface Entry {
  loc: string;
  lastmod?: Date;
}

function urlset(entries: Entry[]): string {
  const urls = entries
    .map(({ loc, lastmod }) => `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

const newest = (rows: { updatedAt: Date }[]) => (rows.length ? new Date(Math.max(...rows.map((r) => r.updatedAt.getTime()))) : undefined);

/** GET /sitemap.xml: the public pages, the listings, every published post and article, their authors, and the alerts. */
export const GET: APIRoute = async () => {
  const origin = siteOrigin();
  // Both lists, the data's as-of date and the next scheduled date (which caps the caching) in one round trip.
  const [[posts, articles, asOf, nextScheduled], openData, alerts] = await Promise.all([
    readAll([publicListRead('blog'), publicListRead('research'), asOfRead(), nextScheduledRead()]),
    openDataEntries(origin),
    alertEntries(getDb(), origin),
  ]);
  // The as-of date is a day (YYYY-MM-DD): the close of that day, 00:00 UTC of the next, is when the figures stand.
  const dataDate = /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? new Date(`${asOf}T00:00:00Z`) : undefined;
  const items = [...articles, ...posts];
  const authors = new Map<string, Date>();
  for (const i of items) {
    const path = authorPath(authorName(i.kind, i.author));
    const seen = authors.get(path);
    if (!seen || seen < i.updatedAt) authors.set(path, i.updatedAt);
  }
  const entries: Entry[] = [
    ...DATA_PATHS.map((path) => ({ loc: origin + path, lastmod: dataDate })),
    ...FIXED_PATHS.map((path) => ({ loc: origin + path })),
    { loc: `${origin}/research`, lastmod: newest(articles) },
    { loc: `${origin}/blog`, lastmod: newest(posts) },
    ...items.map((a) => ({ loc: origin + itemPath(a.kind, a.slug), lastmod: a.updatedAt })),
    ...[...authors].map(([path, lastmod]) => ({ loc: origin + path, lastmod })),
    ...openData,
    ...alerts,
  ];
  const response = new Response(urlset(entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': cacheControlBefore(nextScheduled, null) },
  });
  // The data pages' lastmod and the alert pages follow a published run: its purge must reach the sitemap too.
  tagResponse(response.headers, [...listTags(), TAG.data]);
  return response;
};
