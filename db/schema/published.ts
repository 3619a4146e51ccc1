import { sqliteTable, text, integer, real, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
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

/** One holding of who holds whom, as stored (its fields: src/lib/shared/schemas/holdings.ts, which validates them). */
export interface PublishedHolding {
  date: string;
  holder: string;
  holderKind: 'fund' | 'stablecoin';
  wallet: string | null;
  walletName: string | null;
  asset: string;
  chain: string | null;
  basis: 'measured' | 'estimate' | 'unknown';
  balance: string | null;
  value: number | null;
  share: number | null;
  holderValue: number | null;
  blockNumber: number | null;
  receiptRunId: number | null;
  source: string;
  note: string | null;
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

/**
 * The run row's lists and maps, as zod schemas: the column types are theirs, and the one reader of
 * the row (src/lib/server/figures/run-state.ts) checks what it reads against them, so a row moved
 * from the untyped keys an older release kept, or edited by hand, is never trusted by a cast.
 */
const publishedStaleCellSchema = z.object({
  asset: z.string(),
  chain: z.string(),
  /** The day the figure shown was read. */
  since: z.string(),
  ageHours: z.number(),
  reason: z.string(),
  /** 'price': today's figure valued at a price past its bound (else: an earlier day's figure shown). */
  kind: z.literal('price').optional(),
});
/** A cell the run published with an earlier day's figure (or a stale price), for the pages' notes. */
export type PublishedStaleCell = z.infer<typeof publishedStaleCellSchema>;
export const staleCellsSchema = z.array(publishedStaleCellSchema);
/** Per `SYMBOL|chain`, the share (0-100) of its history read. */
export const indexingSchema = z.record(z.string(), z.number().min(0).max(100));
export type IndexingShares = z.infer<typeof indexingSchema>;
/** Per asset class, the first live run against the snapshot it replaced. */
export const snapshotComparisonSchema = z.array(
  z.object({ assetClass: z.string(), live: z.number(), snapshot: z.number(), share: z.number().nullable() }),
);
export type SnapshotComparison = z.infer<typeof snapshotComparisonSchema>;

/**
 * The dataset_meta key the migration that moved a run's keys into its row leaves, naming a run whose
 * published cells and totals the next start builds (db/migrations/0015_run_rows.sql; setup/prepare.ts).
 */
export const READ_MODEL_MARKER = 'setup:read-model';

/**
 * One row per published run: its as-of day, when it was published, by which method version, the
 * cells it showed stale, the indexing shares, the market overview it served and (the first run
 * only) its comparison with the snapshot. The served run is the newest row (by run id; a
 * head-first run that publishes twice updates its row). These were untyped keys of dataset_meta
 * once; the migration that moved them left that table the snapshot's and the setup's keys only.
 * The row has the change counter's trigger: writing it in the publish transaction is what moves
 * the counter, so the page cache and the CDN drop what the previous run showed.
 */
export const publishedRuns = sqliteTable('published_runs', {
  runId: integer('run_id').primaryKey(),
  asOf: text('as_of').notNull(),
  publishedAt: text('published_at').notNull(),
  methodVersion: integer('method_version').notNull(),
  /** The cells shown with an earlier day's figure, with their age and why. */
  staleCells: text('stale_cells', { mode: 'json' }).$type<PublishedStaleCell[]>().notNull().default([]),
  /** Per `SYMBOL|chain`, the share (0-100) of its history read while a deployment is still indexing. */
  indexing: text('indexing', { mode: 'json' }).$type<IndexingShares>().notNull().default({}),
  /** The market overview as served (spec shape). */
  overview: text('overview', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  /**
   * Who holds whom on the as-of day (src/lib/shared/schemas/holdings.ts): each reserve wallet of a
   * tracked fund or stablecoin holding a tracked product, measured at the close with its receipt, or
   * the stated share (an estimate). The totals above net it once (published_totals.netted).
   */
  holdings: text('holdings', { mode: 'json' }).$type<PublishedHolding[]>().notNull().default([]),
  /** The first published run: per asset class, live against the snapshot it replaced. */
  snapshotComparison: text('snapshot_comparison', { mode: 'json' }).$type<SnapshotComparison>(),
});
