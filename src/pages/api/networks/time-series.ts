import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { NETWORK_TIME_SERIES } from '#lib/server/open-data/endpoints/networks.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { networkTimeSeriesRead } from '#lib/server/figures/analytics.ts';
import { asOfRead } from '#lib/server/figures/run-state.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { readFormat } from '#lib/server/open-data/download.ts';
import { Reply } from '#lib/server/open-data/reply.ts';
import { readDateBounds } from '#lib/server/open-data/history-query.ts';
import { clip } from '#lib/shared/open-data/range.ts';
import { NETWORK_METRICS, type NetworkMetric } from '#lib/shared/analytics-types.ts';

export const prerender = false;

export const GET = serveEndpoint(NETWORK_TIME_SERIES, async ({ url }) => {
  const metric = url.searchParams.get('metricType');
  if (!metric || !(NETWORK_METRICS as readonly string[]).includes(metric)) {
    throw new HttpError(400, `metricType must be one of: ${NETWORK_METRICS.join(', ')}.`, {
      metricType: [metric ? `Unknown metric '${metric.slice(0, 50)}'.` : 'Required.'],
    });
  }
  const format = readFormat(url.searchParams);
  const { from, to } = readDateBounds(url.searchParams);
  // The rows and the as-of date in one round trip.
  const [all, asOf] = await readAll([networkTimeSeriesRead(metric as NetworkMetric), asOfRead()]);
  const points = clip(all, from, to);
  if (format === 'json') return points;
  // As a table: one row per date, one column per network (a network without a value that month is empty).
  const names = [...new Set(points.flatMap((p) => Object.keys(p.networks)))];
  const rows: Record<string, string | number>[] = points.map((p) => ({ date: p.date, ...p.networks }));
  return new Reply(points, {
    format,
    csv: { rows, columns: ['date', ...names] },
    file: url.searchParams.has('download') ? { view: `network-${metric}`, asOf } : undefined,
  });
});
