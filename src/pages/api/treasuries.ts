import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { TREASURIES } from '#lib/server/open-data/endpoints/asset-classes.ts';
import { treasuriesResponse } from '#lib/server/figures/asset-class-data.ts';
import { treasuriesData } from '#lib/server/figures/asset-class-live.ts';

export const prerender = false;

/** What the page shows, as JSON: the latest published ingest run, or the snapshot (content/data). */
export const GET = serveEndpoint(TREASURIES, async () => treasuriesResponse(await treasuriesData()));
