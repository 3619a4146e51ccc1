/**
 * Shapes of the analytics API (spec section 3), shared by the endpoints, the server-rendered
 * pages and the islands. Numeric strings stay strings where the spec says so.
 */

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

export const TRANSFER_PERIODS = [7, 30, 90] as const;
export type TransferPeriod = (typeof TRANSFER_PERIODS)[number];

/** One date of the stacked chart; every value is a numeric string in billions of dollars. */
export interface ChartDataPoint {
  date: string;
  privateCredit: string;
  usTreasuryDebt: string;
  commodities: string;
  institutionalFunds: string;
  stocks: string;
  governmentDebt: string;
  managedStrategies: string;
  corporateBonds: string;
  stablecoins: string;
}

export interface Asset {
  symbol: string;
  name: string;
  assetClass: string;
  /** Dollars, numeric string. */
  marketCap: string;
  /** Percent, numeric string. */
  change7d: string;
}

export interface Transfer {
  id: number;
  assetSymbol: string;
  usdAmount: number;
  /** ISO-8601. */
  date: string;
  network: string;
}

export interface Network {
  id: string;
  name: string;
  iconUrl: string;
  rwaCount: number;
  /** Dollars, numeric string. */
  totalValue: string;
  /** Percent of the total. */
  marketShare: number;
  /** Percent, numeric string. */
  change30d: string;
}

export interface TimeSeriesPoint {
  date: string;
  networks: Record<string, number>;
}

/** The home page reads totalAssetHolders, the networks page totalRWAHolders: both are served. */
export interface MarketOverview {
  totalRWAValue: string;
  totalAssetHolders: number;
  totalRWAHolders: number;
  totalAssetIssuers: number;
  totalStablecoinValue: string;
  /** The dataset's as-of date (YYYY-MM-DD), shown as 'Data as of ...'. */
  asOf: string;
}
