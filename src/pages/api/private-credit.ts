import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { PRIVATE_CREDIT } from '#lib/server/open-data/endpoints/asset-classes.ts';
import { privateCreditResponse } from '#lib/server/figures/asset-class-data.ts';
import { privateCreditData } from '#lib/server/figures/asset-class-live.ts';

export const prerender = false;

/** What the page shows, as JSON: the tracked private-credit products of the latest published run, or the snapshot's loan book. */
export const GET = serveEndpoint(PRIVATE_CREDIT, async () => privateCreditResponse(await privateCreditData()));
