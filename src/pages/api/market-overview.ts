import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { MARKET_OVERVIEW } from '#lib/server/open-data/endpoints/market.ts';
import { getMarketOverview } from '#lib/server/figures/analytics.ts';

export const prerender = false;

export const GET = serveEndpoint(MARKET_OVERVIEW, () => getMarketOverview());
