import { collectionRoutes } from '@/lib/server/content/routes';

export const prerender = false;

export const { GET, POST } = collectionRoutes('blog');
