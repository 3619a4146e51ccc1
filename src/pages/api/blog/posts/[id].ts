import { itemRoutes } from '@/lib/server/content/routes';

export const prerender = false;

export const { PUT, DELETE } = itemRoutes('blog');
