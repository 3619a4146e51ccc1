import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { publicJson } from '#lib/server/http/public-json.ts';
import { coverageSchema, loadCoverage } from '#lib/server/figures/coverage-data.ts';
import { coverageForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** What the totals include: tracked value per class against a named public reference, and DefiLlama cross-check gaps. */
export const GET: APIRoute = publicGet(async () => publicJson(coverageForApi(coverageSchema.parse(await loadCoverage()))));
