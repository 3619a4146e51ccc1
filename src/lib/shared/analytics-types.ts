/**
 * Shapes of the analytics API (spec section 3), shared by the endpoints, the server-rendered
 * pages and the islands. Numeric strings stay strings where the spec says so. A shape the API
 * answers with is its schema's type (schemas/responses.ts), never a second declaration beside it:
 * tests/unit/no-mirror.test.ts refuses an interface that names exactly a schema's fields.
 */
import type { TransferPeriod } from './transfers.ts';
import type { Origin } from './origin.ts';
import type { z } from 'zod';
import type { chartDataSchema, marketOverviewSchema, networksSchema, timeSeriesSchema, transfersSchema } from './schemas/responses.ts';

export const NETWORK_METRICS = [
  'tokenized-asset-value',
  'rwa-holders',
  'stablecoin-market-caps',
  'stablecoin-holders',
  'active-addresses',
  'transfer-volume',
] as const;
export type NetworkMetric = (typeof NETWORK_METRICS)[number];

/** Metrics measured in dollars (axis and tooltips in $B); the others are counts. */
export const VALUE_METRICS: readonly NetworkMetric[] = ['tokenized-asset-value', 'stablecoin-market-caps', 'transfer-volume'];

/** One date of the stacked chart; every class column (asset-classes.ts) is a numeric string in billions of dollars. */
export type ChartDataPoint = z.infer<typeof chartDataSchema>[number];

export interface Asset {
  symbol: string;
  name: string;
  assetClass: string;
  /** Dollars, numeric string. */
  marketCap: string;
  /** Percent, numeric string; null when unavailable (no figure 7 days earlier). */
  change7d: string | null;
  /** Added beside the spec's fields, present only when set: the price moved more than 10% in a day (what moved). */
  priceFlag?: string;
  /**
   * Added beside the spec's fields, present only when set: part of the figure is an earlier day's,
   * kept while a chain or source is down (at most 2 days): since which day, how old, on which chains, why.
   */
  stale?: { since: string; ageHours: number; chains: string[]; reason: string };
  /** Added beside the spec's fields: where the market cap and the 7-day change come from (origin.ts). */
  origin: Origin;
  change7dOrigin: Origin;
}

export type Transfer = z.infer<typeof transfersSchema>[number];

export type Network = z.infer<typeof networksSchema>[number];

export type TimeSeriesPoint = z.infer<typeof timeSeriesSchema>[number];

/** The home page reads totalAssetHolders, the networks page totalRWAHolders: both are served. */
export type MarketOverview = z.infer<typeof marketOverviewSchema>;

export interface TransferQuery {
  days: TransferPeriod;
  /** Inclusive lower bound in dollars. */
  minUsd?: number;
  /** Exclusive upper bound in dollars. */
  maxUsd?: number;
  /** Rows to return (per amount range when no range is given): default TRANSFER_LIMIT, at most MAX_TRANSFER_LIMIT. */
  limit?: number;
}

// --- Asset-class pages (static snapshot in content/data, also served by the API) ---------------

export type MetricIcon = 'chart-line' | 'users' | 'building' | 'coins' | 'bar-chart';
export type ChangeType = 'positive' | 'negative' | 'neutral';

export interface MetricCardData {
  title: string;
  /** Display value, e.g. '$278.14B'. */
  value: string;
  /** Display change with sign, e.g. '+6.56%'; empty when there is none. */
  change: string;
  changeType: ChangeType;
  icon: MetricIcon;
  /** Period of the change when not 30 days, e.g. '7d'. */
  period?: string;
  /** The raw figure as a numeric string (dollars, count or percent). */
  amount: string;
}

export interface StablecoinRow {
  name: string;
  ticker: string;
  platform: string;
  networks: string[];
  marketCap: number;
  price: number;
  peggedCurrency: string;
}
export interface StablecoinsData {
  asOf: string;
  cards: MetricCardData[];
  total: number;
  rows: StablecoinRow[];
}

export interface TreasuryEntity {
  rank: number;
  protocol: string;
  rwaCount: number;
  marketCap: number;
  /** Null when unavailable (a live run without that history). */
  change30d: number | null;
  marketShare: number;
}
export interface TreasuryProduct {
  name: string;
  issuer: string;
  ticker: string;
  platform: string;
  networks: string[];
  marketCap: number;
  yieldToMaturity: number | null;
  eligibleInvestors: string;
}
export interface TreasuriesData {
  asOf: string;
  cards: MetricCardData[];
  topEntities: TreasuryEntity[];
  total: number;
  products: TreasuryProduct[];
}

export interface CreditPlatform {
  protocol: string;
  networks: string[];
  /** Null when unavailable (a live run reads the tokens' value, not the loans originated). */
  totalLoans: number | null;
  activeLoans: number;
  avgBaseApy: number | null;
  defaultedAmount: number | null;
}
export interface CreditPool {
  platform: string;
  network: string;
  name: string;
  currency: string;
  status: string;
  apy: number | null;
  principalOutstanding: number;
  defaultedAmount: number | null;
  /** The tracked product the pool is (its symbol), when it is one. */
  product?: string;
}
export interface PrivateCreditData {
  asOf: string;
  cards: MetricCardData[];
  platformsTotal: number;
  platforms: CreditPlatform[];
  poolsTotal: number;
  pools: CreditPool[];
}

export interface CommodityRow {
  rank: number;
  name: string;
  ticker: string;
  type: string;
  platform: string;
  networks: string[];
  marketCap: number;
  price: number;
  /** Null when unavailable (no source gives it). */
  change24h: number | null;
}
export interface CommodityPlatform {
  name: string;
  marketCap: number;
  assetCount: number;
}
export interface CommoditiesData {
  asOf: string;
  cards: MetricCardData[];
  rows: CommodityRow[];
  /** Of the rows' 24-hour changes: a run's (from its published totals), or the snapshot's synthetic detail. */
  changeOrigin: Origin;
  platforms: CommodityPlatform[];
}
