/** The asset-class pages' answers: stablecoins, U.S. Treasuries and private credit. */
import * as R from '#lib/shared/schemas/responses.ts';
import type { EndpointDefinition } from './definition.ts';

export const STABLECOINS = {
  path: '/api/stablecoins',
  tag: 'Asset classes',
  description:
    'What the stablecoins page lists: every stablecoin with its platform, networks, market cap (a decimal string in dollars) and price.',
  summary: 'The stablecoins, largest first',
  component: 'Stablecoins',
  schema: R.stablecoinsSchema,
  params: [],
  example: '/api/stablecoins',
} satisfies EndpointDefinition;

export const STABLECOIN_OVERVIEW = {
  path: '/api/stablecoin-overview',
  tag: 'Asset classes',
  description:
    "The stablecoins page's headline cards, and each card's figure as a field: money as decimal strings in dollars, counts as numbers, null when unknown.",
  summary: 'The stablecoin headline figures',
  component: 'StablecoinOverview',
  schema: R.stablecoinOverviewSchema,
  params: [],
  example: '/api/stablecoin-overview',
} satisfies EndpointDefinition;

export const TREASURIES = {
  path: '/api/treasuries',
  tag: 'Asset classes',
  description:
    'What the U.S. Treasuries page shows: its headline cards, the largest issuers and every product, market caps as decimal strings in dollars.',
  summary: 'Tokenized U.S. Treasuries: cards, issuers and products',
  component: 'Treasuries',
  schema: R.treasuriesSchema,
  params: [],
  example: '/api/treasuries',
} satisfies EndpointDefinition;

export const PRIVATE_CREDIT = {
  path: '/api/private-credit',
  tag: 'Asset classes',
  description:
    'What the private credit page shows (a dated snapshot): its headline cards, the lending platforms and their pools, amounts as decimal strings in dollars.',
  summary: 'Private credit: platforms and pools',
  component: 'PrivateCredit',
  schema: R.privateCreditSchema,
  params: [],
  example: '/api/private-credit',
} satisfies EndpointDefinition;
