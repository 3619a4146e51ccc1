import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { publicJson } from '#lib/server/http/public-json.ts';
import { privateCreditResponse } from '#lib/server/figures/asset-class-data.ts';
import { privateCreditData } from '#lib/server/figures/asset-class-live.ts';

export const prerender = false;

/** What the page shows, as JSON: the tracked private-credit products of the latest published run, or the snapshot's loan book. */
export const GET: APIRoute = publicGet(async () => publicJson(privateCreditResponse(await privateCreditData())));
