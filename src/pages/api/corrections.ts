import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { CORRECTIONS } from '#lib/server/open-data/endpoints/corrections.ts';
import { loadCorrections } from '#lib/server/open-data/corrections.ts';

export const prerender = false;

/** The public correction log, newest first. */
export const GET = serveEndpoint(CORRECTIONS, () => loadCorrections());
