import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { COVERAGE } from '#lib/server/open-data/endpoints/market.ts';
import { coverageSchema, loadCoverage } from '#lib/server/figures/coverage-data.ts';
import { coverageForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** What the totals include: tracked value per class against a named public reference, and DefiLlama cross-check gaps. */
export const GET = serveEndpoint(COVERAGE, async () => coverageForApi(coverageSchema.parse(await loadCoverage())));
