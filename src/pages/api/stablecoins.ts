import type { APIRoute } from 'astro';
import { publicGet } from '@/lib/server/open-data/public-get';
import { publicJson } from '@/lib/server/public-json';
import { stablecoinsResponse } from '@/lib/server/asset-class-data';
import { stablecoinsData } from '@/lib/server/asset-class-live';

export const prerender = false;

/** What the page shows, as JSON: the latest published ingest run, or the snapshot (content/data). */
export const GET: APIRoute = publicGet(async () => publicJson(stablecoinsResponse(await stablecoinsData())));
