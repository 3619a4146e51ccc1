import { bySlugRoute } from '#lib/server/content/routes.ts';

export const prerender = false;

export const GET = bySlugRoute('research');
