import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { NETWORKS } from '#lib/server/open-data/endpoints/networks.ts';
import { networksRead } from '#lib/server/figures/analytics.ts';
import { asOfRead } from '#lib/server/figures/run-state.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { readFormat, readLimit } from '#lib/server/open-data/download.ts';
import { rowsReply } from '#lib/server/open-data/reply.ts';

export const prerender = false;

/** Every network (spec shape); `?format=csv` for the same rows as a table (`download` names the file). */
export const GET = serveEndpoint(NETWORKS, async ({ url }) => {
  const format = readFormat(url.searchParams);
  const limit = readLimit(url.searchParams);
  // The rows and the as-of date (the file's name) in one round trip.
  const [all, asOf] = await readAll([networksRead(), asOfRead()]);
  // The League Table shows the first ten: `limit` gives a file of exactly those.
  const rows = limit === undefined ? all : all.slice(0, limit);
  return rowsReply(rows, ['id', 'name', 'iconUrl', 'rwaCount', 'totalValue', 'marketShare', 'change30d', 'origin', 'change30dOrigin'], {
    format,
    asOf,
    view: limit === undefined ? 'networks' : `networks-top-${limit}`,
    download: url.searchParams.has('download'),
  });
});
