/** Every endpoint of the public read API, in the order the document, /docs/api and /llms.txt give them. */
import { CHART_DATA, COVERAGE, MARKET_OVERVIEW } from './market.ts';
import {
  ASSETS,
  ASSET_CHAINS,
  ASSET_CONCENTRATION,
  ASSET_HISTORY,
  ASSET_PAGE,
  ASSET_RECEIPT,
  ASSET_RECONCILIATION,
  ASSET_TRANSFERS,
  ASSET_YIELD,
} from './assets.ts';
import { NETWORKS, NETWORK_ASSETS, NETWORK_HISTORY, NETWORK_PAGE, NETWORK_TIME_SERIES } from './networks.ts';
import { TRANSFERS } from './transfers.ts';
import { ISSUERS, ISSUER_ASSETS, ISSUER_HISTORY, ISSUER_PAGE } from './issuers.ts';
import { PRIVATE_CREDIT, STABLECOINS, STABLECOIN_OVERVIEW, TREASURIES } from './asset-classes.ts';
import { SEARCH } from './search.ts';
import { CORRECTIONS } from './corrections.ts';
import { ALERT, ALERTS, ALERTS_ATOM, ALERTS_JSON_FEED } from './alerts.ts';
import { COMPARE } from './compare.ts';
import { OEMBED } from './embeds.ts';
import type { EndpointDefinition } from './definition.ts';

const LIST = [
  MARKET_OVERVIEW,
  CHART_DATA,
  ASSETS,
  NETWORKS,
  NETWORK_TIME_SERIES,
  TRANSFERS,
  ISSUERS,
  ASSET_PAGE,
  ASSET_HISTORY,
  ASSET_CHAINS,
  ASSET_TRANSFERS,
  ASSET_YIELD,
  ASSET_RECEIPT,
  ASSET_CONCENTRATION,
  ASSET_RECONCILIATION,
  NETWORK_PAGE,
  NETWORK_HISTORY,
  NETWORK_ASSETS,
  ISSUER_PAGE,
  ISSUER_HISTORY,
  ISSUER_ASSETS,
  COVERAGE,
  STABLECOINS,
  STABLECOIN_OVERVIEW,
  TREASURIES,
  PRIVATE_CREDIT,
  SEARCH,
  CORRECTIONS,
  ALERTS,
  ALERT,
  ALERTS_ATOM,
  ALERTS_JSON_FEED,
  COMPARE,
  OEMBED,
] as const satisfies readonly EndpointDefinition[];

export const ENDPOINTS: readonly EndpointDefinition[] = LIST;

/** Any one endpoint with its own type (its schema's above all): the type test checks each one's answer. */
export type Endpoint = (typeof LIST)[number];
