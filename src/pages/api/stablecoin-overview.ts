import type { APIRoute } from 'astro';
import { handle } from '@/lib/server/http';
import { publicJson } from '@/lib/server/public-json';
import { stablecoinOverviewResponse } from '@/lib/server/asset-class-data';
import { stablecoinsData } from '@/lib/server/asset-class-live';

export const prerender = false;

/** What the page shows, as JSON: the latest published ingest run, or the snapshot (content/data). */
export const GET: APIRoute = handle(async () => publicJson(stablecoinOverviewResponse(await stablecoinsData())));
