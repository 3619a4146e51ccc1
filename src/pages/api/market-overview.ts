import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { publicJson } from '#lib/server/http/public-json.ts';
import { getMarketOverview } from '#lib/server/figures/analytics.ts';

export const prerender = false;

export const GET: APIRoute = publicGet(async () => publicJson(await getMarketOverview()));
