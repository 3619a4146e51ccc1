/** The network endpoints: the list, one metric over time, each network's page and its downloads. */
import * as R from '#lib/shared/schemas/responses.ts';
import { NETWORK_METRICS } from '#lib/shared/analytics-types.ts';
import type { EndpointDefinition } from './definition.ts';
import { bounds, download, format, history, id, limit } from './params.ts';

export const NETWORKS = {
  path: '/api/networks',
  tag: 'Networks',
  description:
    'Every network, largest tokenized value first. totalValue is a decimal string in dollars, marketShare a percent of the total.',
  summary: 'Every network, largest first',
  component: 'Networks',
  schema: R.networksSchema,
  params: [limit, format, download],
  csv: true,
  example: '/api/networks',
} satisfies EndpointDefinition;

export const NETWORK_TIME_SERIES = {
  path: '/api/networks/time-series',
  tag: 'Networks',
  description:
    "The chosen metric per network at each month's last date: a map of network name to value (dollars for the value metrics, counts for the others).",
  summary: 'One metric per network, one point per month',
  component: 'NetworkTimeSeries',
  schema: R.timeSeriesSchema,
  params: [
    {
      name: 'metricType',
      in: 'query',
      required: true,
      description: 'The metric',
      schema: { type: 'string', enum: [...NETWORK_METRICS] },
    },
    ...bounds(),
    format,
    download,
  ],
  csv: true,
  example: '/api/networks/time-series?metricType=tokenized-asset-value',
} satisfies EndpointDefinition;

export const NETWORK_PAGE = {
  path: '/api/networks/{id}',
  tag: 'Networks',
  description: "Everything the network's page shows: its row of /api/networks, its history and the assets on it.",
  summary: "Everything a network's page shows",
  component: 'NetworkPage',
  schema: R.networkPageSchema,
  params: [id('network')],
  example: '/api/networks/{network}',
} satisfies EndpointDefinition;

export const NETWORK_HISTORY = {
  path: '/api/networks/{id}/history',
  tag: 'Networks',
  description: "The network's metrics, one row per date and one column per metric, as JSON or CSV.",
  summary: "A network's six metrics and its share per date",
  component: 'NetworkHistory',
  schema: R.networkHistoryRowsSchema,
  params: [id('network'), ...history, format],
  csv: true,
  example: '/api/networks/{network}/history?range=1y',
} satisfies EndpointDefinition;

export const NETWORK_ASSETS = {
  path: '/api/networks/{id}/assets',
  tag: 'Networks',
  description: 'The assets on the network, with the value on this network and their whole market cap.',
  summary: 'The assets on a network',
  component: 'NetworkAssets',
  schema: R.networkAssetRowsSchema,
  params: [id('network'), format],
  csv: true,
  example: '/api/networks/{network}/assets',
} satisfies EndpointDefinition;
