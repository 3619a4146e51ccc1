import { sqliteTable, text, integer, real, index, primaryKey, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Live data (architecture.md "Live data"): raw inputs with their provenance, the runs that read
 * them, and the bookkeeping that lets a run resume after a crash without counting anything twice.
 * The figures the site serves are derived from these into the analytics tables (analytics.ts) by
 * one transaction per published run.
 */

/** One ingest run: what it did, and whether (and why not) it was published. */
export const ingestRuns = sqliteTable('ingest_runs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  startedAt: text('started_at').notNull(),
  finishedAt: text('finished_at'),
  /** running | published | held (circuit breaker) | failed | dry-run */
  status: text('status').notNull(),
  /** The as-of date the run measured (YYYY-MM-DD), the last one for a backfill. */
  asOf: text('as_of').notNull(),
  /** Per source: observations, transfers, rpc calls. */
  counts: text('counts', { mode: 'json' }).$type<Record<string, Record<string, number>>>().notNull().default({}),
  warnings: text('warnings', { mode: 'json' }).$type<string[]>().notNull().default([]),
  errors: text('errors', { mode: 'json' }).$type<string[]>().notNull().default([]),
  /** Why the run was not published (failure or breaker), or null. */
  reason: text('reason'),
  /** The published totals of this run (for the next run's circuit breaker). */
  totals: text('totals', { mode: 'json' }).$type<Record<string, number>>(),
  /**
   * The published figure of each asset on each chain (`SYMBOL|chain` -> value and holders): the
   * next run's per-asset breaker compares with these, never with a held run's observations.
   */
  cells: text('cells', { mode: 'json' }).$type<Record<string, { value: number | null; holders: number | null }>>(),
  /**
   * Per `SYMBOL|chain`, the share (0-100) of its history read, as this run's log phase last saw it
   * (null when the run read no history): progress while a deployment indexes, which the next publish
   * puts on its published_runs row.
   */
  indexing: text('indexing', { mode: 'json' }).$type<Record<string, number>>(),
});

/**
 * One figure per asset, chain, source and day, with where it was read: a block (number and time)
 * of a contract, or an API URL and the time it was fetched. Amounts are decimal strings in whole
 * tokens (uint256 does not fit a float); value is in dollars.
 */
/** One chain a summed figure holds, with its supply in whole tokens. */
export interface ChainMember {
  chain: string;
  supply: string;
}

export const ingestObservations = sqliteTable(
  'ingest_observations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    runId: integer('run_id').notNull(),
    date: text('date').notNull(),
    assetSymbol: text('asset_symbol').notNull(),
    chain: text('chain').notNull(),
    source: text('source').notNull(),
    contract: text('contract'),
    supply: text('supply').notNull(),
    /** Null when the asset's price method is 'unavailable': the supply is kept, no value is invented. */
    price: real('price'),
    value: real('value'),
    /** Null when the source cannot tell (an API without holder counts): shown as unavailable. */
    holders: integer('holders'),
    /**
     * Unique addresses holding the asset on every chain read that day (above its dust threshold),
     * the same on each of the asset's rows: an address on two chains is one holder of the asset.
     */
    assetHolders: integer('asset_holders'),
    blockNumber: integer('block_number'),
    blockTime: text('block_time'),
    apiUrl: text('api_url'),
    fetchedAt: text('fetched_at').notNull(),
    /**
     * Set when the run that wrote the row published it (and its cell was not held). Only accepted
     * rows are served or reused as history: a held or failed run's rows are kept for the record only.
     */
    accepted: integer('accepted', { mode: 'boolean' }).notNull().default(false),
    /** When the source read the price and refused it (stale, zero or negative answer): why. */
    priceNote: text('price_note'),
    /**
     * The market price the source reported beside the valuation (DefiLlama's stablecoin `price`),
     * in dollars per token: kept for the depeg alert only, never used to value (a stablecoin stays
     * valued at its registry price). Null when the source reports none.
     */
    marketPrice: real('market_price'),
    /**
     * A figure that sums chains the registry and the league do not name (DefiLlama's long tail,
     * published as one 'other-chains' line): each chain with its supply, so the line lists them.
     */
    members: text('members', { mode: 'json' }).$type<ChainMember[]>(),
  },
  (t) => [
    // One row per run: a later run never overwrites the figures an earlier published run was built from.
    uniqueIndex('ingest_observations_run_key').on(t.runId, t.date, t.assetSymbol, t.chain, t.source),
    index('ingest_observations_date').on(t.date, t.accepted),
  ],
);

/** Every Transfer log once: a log is identified by its chain, transaction hash and log index. */
export const ingestTransfers = sqliteTable(
  'ingest_transfers',
  {
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    token: text('token').notNull(),
    assetSymbol: text('asset_symbol').notNull(),
    blockNumber: integer('block_number').notNull(),
    blockTime: text('block_time').notNull(),
    from: text('from_address').notNull(),
    to: text('to_address').notNull(),
    /** Raw uint256 amount as a decimal string. */
    amount: text('amount').notNull(),
    /** The block's hash when the log was read: a later read that finds another hash drops the log (a reorg). */
    blockHash: text('block_hash'),
  },
  (t) => [primaryKey({ columns: [t.chain, t.txHash, t.logIndex] }), index('ingest_transfers_time').on(t.blockTime)],
);

/** Balances per holder, kept up to date as transfers are indexed (raw uint256 decimal strings). */
export const ingestHolders = sqliteTable(
  'ingest_holders',
  {
    chain: text('chain').notNull(),
    token: text('token').notNull(),
    holder: text('holder').notNull(),
    balance: text('balance').notNull(),
    positive: integer('positive', { mode: 'boolean' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.token, t.holder] }), index('ingest_holders_positive').on(t.chain, t.token, t.positive)],
);

/** How far the Transfer logs of a deployment are indexed (committed with the logs themselves). */
export const ingestCheckpoints = sqliteTable(
  'ingest_checkpoints',
  {
    chain: text('chain').notNull(),
    token: text('token').notNull(),
    lastBlock: integer('last_block').notNull(),
    decimals: integer('decimals').notNull(),
    /** Hash of `lastBlock` when it was indexed: a different hash later means the chain reorganised. */
    lastBlockHash: text('last_block_hash'),
    /**
     * A head-first run reads the last 30 days first (up to `lastBlock`) and the older history after,
     * oldest first: `historyNext` is the next older block to read and `historyEnd` the first block of
     * the recent window. Both null: nothing older is left (or the deployment was read from its start).
     * `historyFrom` is where the history starts (the deployment block): the "N% of history read" base.
     */
    historyFrom: integer('history_from'),
    historyNext: integer('history_next'),
    historyEnd: integer('history_end'),
  },
  (t) => [primaryKey({ columns: [t.chain, t.token] })],
);

/**
 * Daily history from the public history APIs, one value per series, key and day with
 * the URL it came from: DefiLlama's stablecoin market cap in total (`stablecoins`, key `all`) and
 * per chain (`stablecoins`, key = registry chain), and a mapped protocol's value per asset and chain
 * (`protocol`, key `SYMBOL|chain`). A later fetch replaces a day's value (the API revises recent
 * days). Publish draws the charts' days without an on-chain read from these, never from the snapshot.
 */
export const ingestHistory = sqliteTable(
  'ingest_history',
  {
    series: text('series').notNull(),
    key: text('key').notNull(),
    date: text('date').notNull(),
    /** Dollars at the close of the day. */
    value: real('value').notNull(),
    apiUrl: text('api_url').notNull(),
    fetchedAt: text('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.key, t.date] })],
);

/** A lease so that two servers (or a server and the CLI) never ingest at once. */
export const ingestLock = sqliteTable('ingest_lock', {
  name: text('name').primaryKey(),
  owner: text('owner').notNull(),
  expiresAt: integer('expires_at').notNull(),
});
