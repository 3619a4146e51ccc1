import type { APIRoute } from 'astro';
import { handle } from '@/lib/server/http';
import { publicJson } from '@/lib/server/public-json';
import { privateCreditResponse } from '@/lib/server/asset-class-data';

export const prerender = false;

/** The same snapshot the pre-rendered page shows (content/data), as JSON. */
export const GET: APIRoute = handle(async () => publicJson(privateCreditResponse()));
