import type { APIRoute } from 'astro';
import { siteOrigin } from '@/lib/server/config';
import { listPublic } from '@/lib/server/content/articles';
import { contentCacheControl } from '@/lib/server/content/public-cache';
import { itemPath } from '@/lib/shared/article-kinds';
import { escapeXml } from '@/lib/shared/seo';
import { ASSET_CLASS_LINKS } from '@/lib/shared/site';
import { openDataEntries } from '@/lib/server/open-data/sitemap';

export const prerender = false;

/** The public pages of the spec's route list (login, admin and not-found stay out). */
const STATIC_PATHS = ['/', '/networks', ...ASSET_CLASS_LINKS.map((l) => l.href), '/research'];

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

/** GET /sitemap.xml: the public pages plus every published post and research article. */
export const GET: APIRoute = async () => {
  const origin = siteOrigin();
  const [posts, articles, openData] = await Promise.all([listPublic('blog'), listPublic('research'), openDataEntries(origin)]);
  const newest = (rows: { updatedAt: Date }[]) => (rows.length ? new Date(Math.max(...rows.map((r) => r.updatedAt.getTime()))) : undefined);
  const entries: Entry[] = [
    ...STATIC_PATHS.map((path) => ({ loc: origin + path, lastmod: path === '/research' ? newest(articles) : undefined })),
    ...[...articles, ...posts].map((a) => ({ loc: origin + itemPath(a.kind, a.slug), lastmod: a.updatedAt })),
    ...openData,
  ];
  return new Response(urlset(entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': await contentCacheControl(null) },
  });
};
