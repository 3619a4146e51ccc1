import { itemRoutes } from '#lib/server/content/routes.ts';

export const prerender = false;

export const { PUT, DELETE } = itemRoutes('research');
