import { collectionRoutes } from '#lib/server/content/routes.ts';

export const prerender = false;

export const { GET, POST } = collectionRoutes('blog');
