import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { asOfRead, networksRead } from '#lib/server/analytics.ts';
import { readAll } from '#lib/server/reads.ts';
import { readFormat, rowsResponse } from '#lib/server/open-data/download.ts';

export const prerender = false;

/** Every network (spec shape); `?format=csv` for the same rows as a table (`download` names the file). */
export const GET: APIRoute = publicGet(async ({ url }) => {
  const format = readFormat(url.searchParams);
  // The rows and the as-of date (the file's name) in one round trip.
  const [rows, asOf] = await readAll([networksRead(), asOfRead()]);
  return rowsResponse(rows, ['id', 'name', 'iconUrl', 'rwaCount', 'totalValue', 'marketShare', 'change30d'], {
    format,
    asOf,
    view: 'networks',
    download: url.searchParams.has('download'),
  });
});
