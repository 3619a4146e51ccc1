import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { publicJson } from '#lib/server/http/public-json.ts';
import { stablecoinsResponse } from '#lib/server/figures/asset-class-data.ts';
import { stablecoinsData } from '#lib/server/figures/asset-class-live.ts';

export const prerender = false;

/** What the page shows, as JSON: the latest published ingest run, or the snapshot (content/data). */
export const GET: APIRoute = publicGet(async () => publicJson(stablecoinsResponse(await stablecoinsData())));
