import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { STABLECOIN_OVERVIEW } from '#lib/server/open-data/endpoints/asset-classes.ts';
import { stablecoinOverviewResponse } from '#lib/server/figures/asset-class-data.ts';
import { stablecoinsData } from '#lib/server/figures/asset-class-live.ts';

export const prerender = false;

/** What the page shows, as JSON: the latest published ingest run, or the snapshot (content/data). */
export const GET = serveEndpoint(STABLECOIN_OVERVIEW, async () => stablecoinOverviewResponse(await stablecoinsData()));
