import { featuredRoute } from '@/lib/server/content/routes';

export const prerender = false;

export const GET = featuredRoute('research');
