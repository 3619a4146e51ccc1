import type { APIRoute } from 'astro';
import { siteOrigin } from '@/lib/server/config';

export const prerender = false;

/** GET /robots.txt: everything public may be crawled; the admin area, login and the API stay out. */
export const GET: APIRoute = ({ url }) => {
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /login', 'Disallow: /api/', 'Disallow: /preview/', '', `Sitemap: ${siteOrigin(url)}/sitemap.xml`, ''].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600, s-maxage=3600' },
  });
};
