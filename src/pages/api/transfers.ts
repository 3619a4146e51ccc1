import type { APIRoute } from 'astro';
import { publicGet } from '@/lib/server/open-data/public-get';
import { validate } from '@/lib/server/http';
import { asOfRead, transfersRead } from '@/lib/server/analytics';
import { readAll } from '@/lib/server/reads';
import { readFormat, rowsResponse } from '@/lib/server/open-data/download';
import { transfersQuerySchema } from '@/lib/shared/schemas/analytics';

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
