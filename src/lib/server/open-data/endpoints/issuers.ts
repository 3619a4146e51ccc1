/** The issuer endpoints: the list, each issuer's page and its downloads. */
import * as R from '#lib/shared/schemas/responses.ts';
import type { EndpointDefinition } from './definition.ts';
import { download, format, history, id } from './params.ts';

export const ISSUERS = {
  path: '/api/issuers',
  tag: 'Issuers',
  description:
    "Every issuer with its number of assets and the sum of their known market caps (a decimal string in dollars; null when no asset's is known). Assets with an unknown market cap are counted in unknownCount and left out of the sum.",
  summary: 'Every issuer with its asset count and total known market cap',
  component: 'Issuers',
  schema: R.issuersSchema,
  params: [format, download],
  csv: true,
  example: '/api/issuers',
} satisfies EndpointDefinition;

export const ISSUER_PAGE = {
  path: '/api/issuers/{id}',
  tag: 'Issuers',
  description: "Everything the issuer's page shows: its summary, its assets and their summed history.",
  summary: "An issuer's assets and their total over time",
  component: 'IssuerPage',
  schema: R.issuerPageSchema,
  params: [id('issuer')],
  example: '/api/issuers/{issuer}',
} satisfies EndpointDefinition;

export const ISSUER_HISTORY = {
  path: '/api/issuers/{id}/history',
  tag: 'Issuers',
  description: "The sum of the issuer's known market caps, one row per date.",
  summary: "An issuer's total over time",
  component: 'IssuerHistory',
  schema: R.issuerHistoryRowsSchema,
  params: [id('issuer'), ...history, format],
  csv: true,
  example: '/api/issuers/{issuer}/history?range=all',
} satisfies EndpointDefinition;

export const ISSUER_ASSETS = {
  path: '/api/issuers/{id}/assets',
  tag: 'Issuers',
  description: "The issuer's assets with their market caps and the source of each.",
  summary: "An issuer's assets",
  component: 'IssuerAssets',
  schema: R.issuerAssetRowsSchema,
  params: [id('issuer'), format],
  csv: true,
  example: '/api/issuers/{issuer}/assets',
} satisfies EndpointDefinition;
