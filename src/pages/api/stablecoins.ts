import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { STABLECOINS } from '#lib/server/open-data/endpoints/asset-classes.ts';
import { stablecoinsResponse } from '#lib/server/figures/asset-class-data.ts';
import { stablecoinsData } from '#lib/server/figures/asset-class-live.ts';

export const prerender = false;

/** What the page shows, as JSON: the latest published ingest run, or the snapshot (content/data). */
export const GET = serveEndpoint(STABLECOINS, async () => stablecoinsResponse(await stablecoinsData()));
