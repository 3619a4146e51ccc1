import type { APIRoute } from 'astro';
import { publicGet } from '@/lib/server/open-data/public-get';
import { publicJson } from '@/lib/server/public-json';
import { getMarketOverview } from '@/lib/server/analytics';

export const prerender = false;

export const GET: APIRoute = publicGet(async () => publicJson(await getMarketOverview()));
