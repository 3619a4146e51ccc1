import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { publicJson } from '#lib/server/http/public-json.ts';
import { loadCorrections } from '#lib/server/open-data/corrections.ts';

export const prerender = false;

/** The public correction log, newest first. */
export const GET: APIRoute = publicGet(async () => publicJson(await loadCorrections()));
