import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { TRANSFERS } from '#lib/server/open-data/endpoints/transfers.ts';
import { validate } from '#lib/server/http/handle.ts';
import { transfersRead } from '#lib/server/figures/analytics.ts';
import { asOfRead } from '#lib/server/figures/run-state.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { readFormat } from '#lib/server/open-data/download.ts';
import { rowsReply } from '#lib/server/open-data/reply.ts';
import { transfersQuerySchema } from '#lib/shared/schemas/analytics.ts';

export const prerender = false;

/** The largest transfers of the last `days` days before the as-of date, optionally within an amount range. */
export const GET = serveEndpoint(TRANSFERS, async ({ url }) => {
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
  return rowsReply(rows, ['id', 'assetSymbol', 'usdAmount', 'date', 'network', 'txHash'], {
    format,
    asOf,
    view: `transfers-${query.days}d`,
    download: p.has('download'),
  });
});
