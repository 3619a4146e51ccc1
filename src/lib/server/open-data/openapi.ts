/**
 * The OpenAPI 3.1 document of the public read API, generated from the zod schemas the contract
 * test validates real answers against (src/lib/shared/schemas/responses.ts). One list of
 * endpoints feeds the document, the /docs/api page (with its example calls) and the test.
 */
import { z } from 'zod';
import * as R from '#lib/shared/schemas/responses.ts';
import { coverageSchema } from '#lib/server/coverage-data.ts';
import { NETWORK_METRICS } from '#lib/shared/analytics-types.ts';
import { RANGES } from '#lib/shared/open-data/range.ts';

type Param = { name: string; in: 'query' | 'path'; required?: boolean; description: string; schema: Record<string, unknown> };

export interface Endpoint {
  path: string;
  summary: string;
  /** The component holding the 200 answer's schema. */
  schema: keyof typeof SCHEMAS;
  params: Param[];
  /** Answers ?format=csv with the same rows. */
  csv?: boolean;
  /** A real call, shown on the docs page and made by the contract test. */
  example: string;
}

export const SCHEMAS = {
  Error: R.errorSchema,
  MarketOverview: R.marketOverviewSchema,
  ChartData: R.chartDataSchema,
  Assets: R.assetsSchema,
  Networks: R.networksSchema,
  NetworkTimeSeries: R.timeSeriesSchema,
  Transfers: R.transfersSchema,
  Issuers: R.issuersSchema,
  AssetPage: R.assetPageSchema,
  AssetHistory: R.assetHistorySchema,
  NetworkPage: R.networkPageSchema,
  IssuerPage: R.issuerPageSchema,
  Coverage: coverageSchema,
  AssetChains: R.assetChainRowsSchema,
  AssetTransfers: R.assetTransferRowsSchema,
  NetworkHistory: R.networkHistoryRowsSchema,
  NetworkAssets: R.networkAssetRowsSchema,
  IssuerHistory: R.issuerHistoryRowsSchema,
  IssuerAssets: R.issuerAssetRowsSchema,
} as const;

const format: Param = {
  name: 'format',
  in: 'query',
  description: 'json (default) or csv: the same rows as RFC 4180 CSV with a header row and plain numbers',
  schema: { type: 'string', enum: ['json', 'csv'] },
};
const download: Param = {
  name: 'download',
  in: 'query',
  description: 'Present: sent as a file (Content-Disposition) named with the view and the as-of date',
  schema: { type: 'string' },
};
const limit: Param = {
  name: 'limit',
  in: 'query',
  description: 'At most this many rows, largest first (1 to 1000); absent: all',
  schema: { type: 'integer', minimum: 1, maximum: 1000 },
};
const assetClass: Param = {
  name: 'assetClass',
  in: 'query',
  description: "Only the assets of this class, as the list names it (e.g. 'U.S. Treasuries')",
  schema: { type: 'string', maxLength: 100 },
};
const id = (what: string): Param => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what}'s id`,
  schema: { type: 'string' },
});
/** from/to alone, for the spec's series (every date without them). */
const bounds = (): Param[] => history.slice(1);
const history: Param[] = [
  { name: 'range', in: 'query', description: 'The last 30d, 90d (default), 1y, or all', schema: { type: 'string', enum: [...RANGES] } },
  {
    name: 'from',
    in: 'query',
    description: 'First date, inclusive (YYYY-MM-DD); with from or to, range is ignored',
    schema: { type: 'string', format: 'date' },
  },
  {
    name: 'to',
    in: 'query',
    description: 'Last date, inclusive (YYYY-MM-DD), not before from',
    schema: { type: 'string', format: 'date' },
  },
];

export const ENDPOINTS: Endpoint[] = [
  {
    path: '/api/market-overview',
    summary: 'Headline totals and the as-of date',
    schema: 'MarketOverview',
    params: [],
    example: '/api/market-overview',
  },
  {
    path: '/api/chart-data',
    summary: 'Asset-class totals over time, in billions of dollars (full precision)',
    schema: 'ChartData',
    params: [...bounds(), format, download],
    csv: true,
    example: '/api/chart-data',
  },
  {
    path: '/api/assets',
    summary: 'Every served asset, largest first, with its page',
    schema: 'Assets',
    params: [assetClass, limit, format, download],
    csv: true,
    example: '/api/assets',
  },
  {
    path: '/api/networks',
    summary: 'Every network, largest first',
    schema: 'Networks',
    params: [limit, format, download],
    csv: true,
    example: '/api/networks',
  },
  {
    path: '/api/networks/time-series',
    summary: 'One metric per network, one point per month',
    schema: 'NetworkTimeSeries',
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
  },
  {
    path: '/api/transfers',
    summary: 'The largest transfers of the last 7, 30 or 90 days before the as-of date',
    schema: 'Transfers',
    params: [
      { name: 'days', in: 'query', required: true, description: 'The window', schema: { type: 'integer', enum: [7, 30, 90] } },
      { name: 'minUsd', in: 'query', description: 'Inclusive lower bound in dollars', schema: { type: 'number', minimum: 0 } },
      { name: 'maxUsd', in: 'query', description: 'Exclusive upper bound in dollars', schema: { type: 'number', exclusiveMinimum: 0 } },
      { name: 'limit', in: 'query', description: 'Rows (per amount range without bounds)', schema: { type: 'integer', minimum: 1 } },
      format,
      download,
    ],
    csv: true,
    example: '/api/transfers?days=30&minUsd=1000000',
  },
  {
    path: '/api/issuers',
    summary: 'Every issuer with its asset count and total known market cap',
    schema: 'Issuers',
    params: [format, download],
    csv: true,
    example: '/api/issuers',
  },
  {
    path: '/api/assets/{id}',
    summary: "Everything an asset's page shows: figures with as-of and source, chains, history, transfers, quality",
    schema: 'AssetPage',
    params: [id('asset')],
    example: '/api/assets/{asset}',
  },
  {
    path: '/api/assets/{id}/history',
    summary: "An asset's market cap, supply and holders per date",
    schema: 'AssetHistory',
    params: [id('asset'), ...history, format],
    csv: true,
    example: '/api/assets/{asset}/history?range=all',
  },
  {
    path: '/api/assets/{id}/chains',
    summary: "An asset's supply per chain: contract, excluded wallets, block or API of the observation",
    schema: 'AssetChains',
    params: [id('asset'), format],
    csv: true,
    example: '/api/assets/{asset}/chains',
  },
  {
    path: '/api/assets/{id}/transfers',
    summary: "An asset's largest transfers of the last 30 days",
    schema: 'AssetTransfers',
    params: [id('asset'), format],
    csv: true,
    example: '/api/assets/{asset}/transfers',
  },
  {
    path: '/api/networks/{id}',
    summary: "Everything a network's page shows",
    schema: 'NetworkPage',
    params: [id('network')],
    example: '/api/networks/{network}',
  },
  {
    path: '/api/networks/{id}/history',
    summary: "A network's six metrics and its share per date",
    schema: 'NetworkHistory',
    params: [id('network'), ...history, format],
    csv: true,
    example: '/api/networks/{network}/history?range=1y',
  },
  {
    path: '/api/networks/{id}/assets',
    summary: 'The assets on a network',
    schema: 'NetworkAssets',
    params: [id('network'), format],
    csv: true,
    example: '/api/networks/{network}/assets',
  },
  {
    path: '/api/issuers/{id}',
    summary: "An issuer's assets and their total over time",
    schema: 'IssuerPage',
    params: [id('issuer')],
    example: '/api/issuers/{issuer}',
  },
  {
    path: '/api/issuers/{id}/history',
    summary: "An issuer's total over time",
    schema: 'IssuerHistory',
    params: [id('issuer'), ...history, format],
    csv: true,
    example: '/api/issuers/{issuer}/history?range=all',
  },
  {
    path: '/api/issuers/{id}/assets',
    summary: "An issuer's assets",
    schema: 'IssuerAssets',
    params: [id('issuer'), format],
    csv: true,
    example: '/api/issuers/{issuer}/assets',
  },
  {
    path: '/api/coverage',
    summary: 'What the totals cover against a named public reference, and source gaps',
    schema: 'Coverage',
    params: [],
    example: '/api/coverage',
  },
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The document (pure: the same input gives the same document). */
export function openApiDocument(serverUrl: string) {
  const schemas = Object.fromEntries(
    Object.entries(SCHEMAS).map(([name, schema]) => {
      const { $schema: _drop, ...json } = z.toJSONSchema(schema as z.ZodType, {
        target: 'draft-2020-12',
        io: 'output',
        unrepresentable: 'any',
      });
      void _drop;
      return [name, json];
    }),
  );
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
  const paths = Object.fromEntries(
    ENDPOINTS.map((e) => [
      e.path,
      {
        get: {
          summary: e.summary,
          operationId: e.path
            .replace(/[{}]/g, '')
            .replace(/[^A-Za-z0-9]+/g, '_')
            .replace(/^_|_$/g, ''),
          parameters: e.params,
          responses: {
            '200': {
              description: 'OK. Sent with ETag and Cache-Control; open to any origin (Access-Control-Allow-Origin: *).',
              content: {
                'application/json': { schema: ref(e.schema) },
                ...(e.csv ? { 'text/csv': { schema: { type: 'string' } } } : {}),
              },
            },
            '304': { description: 'Not modified: the If-None-Match header named the current ETag' },
            '400': errorResponse('Invalid query parameter'),
            ...(e.path.includes('{id}') ? { '404': errorResponse('No such id') } : {}),
          },
        },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'RWA Analytics public API',
      version: '1.0.0',
      description:
        'Free, open read access to every figure on the site. No key. Money travels as decimal strings where the product spec says so. Errors are {"message", "issues"?}.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: { schemas },
  };
}
