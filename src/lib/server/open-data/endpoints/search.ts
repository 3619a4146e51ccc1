/** The header's search, as an endpoint. */
import * as R from '#lib/shared/schemas/responses.ts';
import type { EndpointDefinition } from './definition.ts';

export const SEARCH = {
  path: '/api/search',
  tag: 'Search',
  description:
    "What the header's search box suggests: assets (by name, symbol or contract address, with their market cap), issuers (by name or their assets' symbols), networks, blog posts and research articles matching q, best first. Words match by prefix, names and symbols anywhere in the word (usdc finds syrupUSDC), longer words with a typo; every word must match. /search?q= shows the same on a page.",
  summary: 'Assets, issuers, networks, posts and research matching a query',
  component: 'Search',
  schema: R.searchSchema,
  params: [
    {
      name: 'q',
      in: 'query',
      required: true,
      description: 'What to look for (1 to 100 characters): a name, a symbol, the start of a contract address, a title',
      schema: { type: 'string', minLength: 1, maxLength: 100 },
    },
  ],
  example: '/api/search?q=ondo',
} satisfies EndpointDefinition;
