/** The market-wide endpoints: the headline totals, the classes' totals over time, and what the totals cover. */
import * as R from '#lib/shared/schemas/responses.ts';
import { coverageAnswerSchema } from '../coverage-answer.ts';
import type { EndpointDefinition } from './definition.ts';
import { bounds, download, format } from './params.ts';

export const MARKET_OVERVIEW = {
  path: '/api/market-overview',
  tag: 'Market',
  description:
    'The headline figures of the home and networks pages. Money (totalRWAValue, totalStablecoinValue) is a decimal string in dollars; counts are numbers.',
  summary: 'Headline totals and the as-of date',
  component: 'MarketOverview',
  schema: R.marketOverviewSchema,
  params: [],
  example: '/api/market-overview',
} satisfies EndpointDefinition;

export const CHART_DATA = {
  path: '/api/chart-data',
  tag: 'Market',
  description:
    "One point per date, each asset class's total in billions of dollars as a decimal string, as the home page stacks them: the stablecoins column leaves out what stablecoin reserves hold of the tracked products in the other columns on a day those holdings are known (they are counted there; /api/coverage lists them), so the columns add up to the market once. from and to bound the dates; without them every date is returned.",
  summary: 'Asset-class totals over time, in billions of dollars (full precision)',
  component: 'ChartData',
  schema: R.chartDataSchema,
  params: [...bounds(), format, download],
  csv: true,
  example: '/api/chart-data',
} satisfies EndpointDefinition;

export const COVERAGE = {
  path: '/api/coverage',
  tag: 'Market',
  description:
    'Per asset class, the tracked total against a named public reference for the whole class; per asset and chain, the gap between a chain reader and DefiLlama.',
  summary: 'What the totals cover against a named public reference, and source gaps',
  component: 'Coverage',
  schema: coverageAnswerSchema,
  params: [],
  example: '/api/coverage',
} satisfies EndpointDefinition;
