import { featuredRoute } from '#lib/server/content/routes.ts';

export const prerender = false;

export const GET = featuredRoute('research');
