import { bySlugRoute } from '@/lib/server/content/routes';

export const prerender = false;

export const GET = bySlugRoute('research');
