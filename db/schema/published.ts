import { sqliteTable, text, integer, real, index, primaryKey } from 'drizzle-orm/sqlite-core';
import type { ChainMember } from './ingest.ts';

/**
 * The published read model: what a run decided, once, for every reader (pages, downloads, feeds,
 * alerts, social cards, the API). The publish step writes these in the one transaction that also
 * replaces the analytics tables (analytics.ts), so a reader sees one run's decisions whole.
 * Nothing on the read side picks among raw observations: the choice of source, the stale carry,
 * the breaker's hold and the indexing share are already in these rows.
 *
 * Writes stay cheap with the change counter (db/change-counter.ts): `published_cells` and
 * `published_totals` take a row per day, product and chain (and per day and total) on every
 * publish, so they carry no per-row trigger; they are only ever written in the transaction that
 * also writes this run's `published_runs` row, whose one trigger moves the counter once, in the
 * same transaction. A page cache keyed on the counter therefore still changes with them.
 */

/** The state a published figure is in. */
export type PublishedState = 'fresh' | 'stale' | 'held' | 'indexing';

/** A source's figure the publish step did not choose for a cell (kept for reconciliation and coverage). */
export interface OtherFigure {
  source: string;
  runId: number;
  /** The day it was read (the cell's date, or earlier for a carried figure). */
  readDate: string;
  supply: string;
  price: number | null;
  value: number | null;
  holders: number | null;
  apiUrl: string | null;
}

/** One published figure per day, product and chain. */
export const publishedCells = sqliteTable(
  'published_cells',
  {
    date: text('date').notNull(),
    /** The product's registry symbol (its id on every page is derived from it). */
    asset: text('asset').notNull(),
    chain: text('chain').notNull(),
    /** The source chosen for the cell (the per-day rule of figures/precedence.ts, applied by publish alone). */
    source: text('source').notNull(),
    /** Whole tokens, as a decimal string (uint256 does not fit a float). */
    supply: text('supply').notNull(),
    /** Dollars per token; null when the product has no price source (the supply is kept, no value invented). */
    price: real('price'),
    /** Dollars; null with the price. */
    value: real('value'),
    /** Null when the source cannot tell. */
    holders: integer('holders'),
    /** Unique addresses across the product's chains that day (the same on each of its rows), or null. */
    assetHolders: integer('asset_holders'),
    state: text('state').$type<PublishedState>().notNull(),
    /** Why a figure is not fresh (stale since when, held why, indexing how far), else null. */
    note: text('note'),
    /** Stale: the day the figure shown was read (earlier than `date` when carried). */
    since: text('since'),
    /** Stale: the figure's age in hours at publish. */
    ageHours: integer('age_hours'),
    /**
     * The receipt of the chosen figure: the observation it was read as (run, read day, asset, chain,
     * source), the key of ingest_observations and of ingest_receipts (where the source keeps one).
     */
    receiptRunId: integer('receipt_run_id').notNull(),
    readDate: text('read_date').notNull(),
    /** Where it was read: a contract at a block (number, time), or an API address at a fetch time. */
    contract: text('contract'),
    blockNumber: integer('block_number'),
    blockTime: text('block_time'),
    apiUrl: text('api_url'),
    fetchedAt: text('fetched_at'),
    /** The market price the source reported beside the valuation (depeg alerts), or null. */
    marketPrice: real('market_price'),
    /** The sources not chosen for the cell that day, one figure each. */
    others: text('others', { mode: 'json' }).$type<OtherFigure[]>().notNull().default([]),
    /** The 'other-chains' line: the chains it sums, each with its supply; null on any other cell. */
    members: text('members', { mode: 'json' }).$type<ChainMember[]>(),
  },
  (t) => [primaryKey({ columns: [t.date, t.asset, t.chain] }), index('published_cells_asset').on(t.asset, t.date)],
);

/** What a published total adds up. */
export type TotalKind = 'product' | 'network' | 'stablecoin-network' | 'issuer' | 'class' | 'market';

/**
 * Totals per day derived from `published_cells` in the same transaction: per product (its chains),
 * network (the RWA classes, as the networks pages count; `stablecoin-network` for the tracked
 * stablecoins), issuer, asset class, and the whole market (`market`: key `rwa` or `stablecoins`,
 * the tracked products; the stablecoin headline may come from the market's history instead, and the
 * run's overview says so).
 * `value` is what pages show; `rowsSum` is the plain sum of its rows; `netted` says by how much
 * counting each dollar once (a fund's holding of another tracked fund) makes them differ.
 */
export const publishedTotals = sqliteTable(
  'published_totals',
  {
    date: text('date').notNull(),
    kind: text('kind').$type<TotalKind>().notNull(),
    key: text('key').notNull(),
    value: real('value').notNull(),
    rowsSum: real('rows_sum').notNull(),
    /** rowsSum - value: dollars counted elsewhere already (0 when nothing is netted). */
    netted: real('netted').notNull().default(0),
    /** How many products (with a value) the total counts. */
    products: integer('products').notNull(),
    /** Holders where the rows give them (a product's unique holders; elsewhere the rows' sum), else null. */
    holders: integer('holders'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key, t.date] })],
);

/** A cell the run published with an earlier day's figure (or a stale price), for the pages' notes. */
export interface PublishedStaleCell {
  asset: string;
  chain: string;
  since: string;
  ageHours: number;
  reason: string;
  kind?: 'price';
}

/**
 * One row per published run: the run's facts that used to be untyped keys of dataset_meta (asOf,
 * publishedRun, staleCells, indexing, the method version, the snapshot comparison). The served run
 * is the newest row (by run id; a head-first run that publishes twice updates its row).
 */
export const publishedRuns = sqliteTable('published_runs', {
  runId: integer('run_id').primaryKey(),
  asOf: text('as_of').notNull(),
  publishedAt: text('published_at').notNull(),
  methodVersion: integer('method_version').notNull(),
  /** The cells shown with an earlier day's figure, with their age and why. */
  staleCells: text('stale_cells', { mode: 'json' }).$type<PublishedStaleCell[]>().notNull().default([]),
  /** Per `SYMBOL|chain`, the share (0-100) of its history read while a deployment is still indexing. */
  indexing: text('indexing', { mode: 'json' }).$type<Record<string, number>>().notNull().default({}),
  /** The market overview as served (spec shape). */
  overview: text('overview', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  /** The first published run: per asset class, live against the snapshot it replaced. */
  snapshotComparison: text('snapshot_comparison', { mode: 'json' }).$type<
    Array<{ assetClass: string; live: number; snapshot: number; share: number | null }>
  >(),
});
