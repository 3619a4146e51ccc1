import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { publicJson } from '#lib/server/http/public-json.ts';
import { privateCreditResponse } from '#lib/server/figures/asset-class-data.ts';

export const prerender = false;

/** The same snapshot the pre-rendered page shows (content/data), as JSON. */
export const GET: APIRoute = publicGet(() => publicJson(privateCreditResponse()));
