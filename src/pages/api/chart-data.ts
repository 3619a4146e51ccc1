import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { CHART_DATA } from '#lib/server/open-data/endpoints/market.ts';
import { chartDataRead } from '#lib/server/figures/analytics.ts';
import { asOfRead } from '#lib/server/figures/run-state.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { readFormat } from '#lib/server/open-data/download.ts';
import { rowsReply } from '#lib/server/open-data/reply.ts';
import { readDateBounds } from '#lib/server/open-data/history-query.ts';
import { clip } from '#lib/shared/open-data/range.ts';
import { CHART_COLUMNS } from '#lib/shared/asset-classes.ts';

export const prerender = false;

const COLUMNS = ['date', ...CHART_COLUMNS] as const;

export const GET = serveEndpoint(CHART_DATA, async ({ url }) => {
  const format = readFormat(url.searchParams);
  const { from, to } = readDateBounds(url.searchParams);
  // The rows and the as-of date in one round trip.
  const [all, asOf] = await readAll([chartDataRead(), asOfRead()]);
  // Optional from/to (inclusive); without them every date, as the spec's chart expects.
  const rows = clip(all, from, to);
  return rowsReply(rows, COLUMNS, { format, asOf, view: 'chart-data', download: url.searchParams.has('download') });
});
