import type { APIRoute } from 'astro';
import { handle, HttpError } from '@/lib/server/http';
import { publicJson } from '@/lib/server/public-json';
import { getNetworkTimeSeries } from '@/lib/server/analytics';
import { NETWORK_METRICS, type NetworkMetric } from '@/lib/shared/analytics-types';

export const prerender = false;

export const GET: APIRoute = handle(async ({ url }) => {
  const metric = url.searchParams.get('metricType');
  if (!metric || !(NETWORK_METRICS as readonly string[]).includes(metric)) {
    throw new HttpError(400, `metricType must be one of: ${NETWORK_METRICS.join(', ')}.`, {
      metricType: [metric ? `Unknown metric '${metric.slice(0, 50)}'.` : 'Required.'],
    });
  }
  return publicJson(await getNetworkTimeSeries(metric as NetworkMetric));
});
