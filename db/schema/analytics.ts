import { sqliteTable, text, integer, real, index, primaryKey } from 'drizzle-orm/sqlite-core';

/** The analytics snapshot from content/data, loaded on first start. Money is in dollars. */
export const networks = sqliteTable('networks', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  iconUrl: text('icon_url').notNull(),
  rwaCount: integer('rwa_count').notNull(),
  totalValue: real('total_value').notNull(),
  marketShare: real('market_share').notNull(),
  /** Null when no figure 30 days earlier exists (a live run without that history): unavailable. */
  change30d: real('change_30d'),
});

/**
 * One value per network, metric and date (the network time series of the Networks page).
 * The chart draws one point per month: `monthEnd` marks each series' last date of its month
 * (set on load), and the covering index answers that query from the index alone, so a series of
 * 10 years of daily points costs the same as a monthly one.
 */
export const networkSeries = sqliteTable(
  'network_series',
  {
    metric: text('metric').notNull(),
    date: text('date').notNull(),
    network: text('network').notNull(),
    value: real('value').notNull(),
    monthEnd: integer('month_end', { mode: 'boolean' }).notNull().default(false),
    /** Where a published value comes from (an API URL, or the run's on-chain reads); null for the snapshot's rows. */
    source: text('source'),
  },
  (t) => [
    primaryKey({ columns: [t.metric, t.date, t.network] }),
    index('network_series_monthly_idx').on(t.metric, t.monthEnd, t.date, t.network, t.value),
  ],
);

/** Asset-class totals over time for the stacked chart, in billions of dollars. */
export const chartPoints = sqliteTable('chart_points', {
  date: text('date').primaryKey(),
  privateCredit: real('private_credit').notNull(),
  usTreasuryDebt: real('us_treasury_debt').notNull(),
  commodities: real('commodities').notNull(),
  institutionalFunds: real('institutional_funds').notNull(),
  stocks: real('stocks').notNull(),
  governmentDebt: real('government_debt').notNull(),
  managedStrategies: real('managed_strategies').notNull(),
  corporateBonds: real('corporate_bonds').notNull(),
  stablecoins: real('stablecoins').notNull(),
  /** Where a published point comes from (the run's reads, or the history API's URL); null for the snapshot's rows. */
  source: text('source'),
});

export const assets = sqliteTable('assets', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  assetClass: text('asset_class').notNull(),
  marketCap: real('market_cap').notNull(),
  /** Null when no figure 7 days earlier exists: unavailable. */
  change7d: real('change_7d'),
  /** Set when the price moved more than 10% in a day (rwa.xyz's data-quality flag): what moved. */
  priceFlag: text('price_flag'),
  /** Set when part of the figure is an earlier day's, kept while a chain or source is down: since when and why. */
  stale: text('stale', { mode: 'json' }).$type<{ since: string; ageHours: number; chains: string[]; reason: string }>(),
});

export const transfers = sqliteTable(
  'transfers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    assetSymbol: text('asset_symbol').notNull(),
    usdAmount: real('usd_amount').notNull(),
    date: text('date').notNull(),
    network: text('network').notNull(),
    /** The transaction of a transfer read from a chain (null in the snapshot, whose rows are generated). */
    txHash: text('tx_hash'),
  },
  // The home table asks for the largest transfers in an amount range within a date window.
  (t) => [index('transfers_amount_date_idx').on(t.usdAmount, t.date)],
);

/** Small key/value facts about the loaded snapshot: as-of date, market overview. */
export const datasetMeta = sqliteTable('dataset_meta', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
});
