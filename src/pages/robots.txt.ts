import type { APIRoute } from 'astro';
import { siteOrigin } from '#lib/server/config.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';
import { ROBOTS_DISALLOW } from '#lib/shared/private-paths.ts';

export const prerender = false;

/** GET /robots.txt: everything public may be crawled; the admin area, login and the API stay out. */
export const GET: APIRoute = () => {
  const body = [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${siteOrigin()}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...cacheHeaders(CACHE.crawler) },
  });
};
