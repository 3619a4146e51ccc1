import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { validate } from '#lib/server/http/handle.ts';
import { transfersRead } from '#lib/server/figures/analytics.ts';
import { asOfRead } from '#lib/server/figures/run-state.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { readFormat, rowsResponse } from '#lib/server/open-data/download.ts';
import { transfersQuerySchema } from '#lib/shared/schemas/analytics.ts';

export const prerender = false;

/** The largest transfers of the last `days` days before the as-of date, optionally within an amount range. */
export const GET: APIRoute = publicGet(async ({ url }) => {
  const p = url.searchParams;
  const format = readFormat(p);
  const query = validate(transfersQuerySchema, {
    days: p.get('days'),
    minUsd: p.get('minUsd'),
    maxUsd: p.get('maxUsd'),
    limit: p.get('limit'),
  });
  // The rows and the as-of date in one round trip.
  const [rows, asOf] = await readAll([transfersRead(query), asOfRead()]);
  return rowsResponse(rows, ['id', 'assetSymbol', 'usdAmount', 'date', 'network', 'txHash'], {
    format,
    asOf,
    view: `transfers-${query.days}d`,
    download: p.has('download'),
  });
});
