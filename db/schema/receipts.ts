import { sqliteTable, text, integer, primaryKey, uniqueIndex, index } from 'drizzle-orm/sqlite-core';

/**
 * Receipts and corrections. A receipt is what one observation was read
 * from (the block, the calls and their raw answers, the sum), written with the observation and
 * keyed like it: observations are never deleted, so a published figure keeps its receipt.
 */
export const ingestReceipts = sqliteTable(
  'ingest_receipts',
  {
    runId: integer('run_id').notNull(),
    date: text('date').notNull(),
    assetSymbol: text('asset_symbol').notNull(),
    chain: text('chain').notNull(),
    source: text('source').notNull(),
    /** src/lib/shared/receipts.ts EvmReceipt. */
    body: text('body', { mode: 'json' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.date, t.assetSymbol, t.chain, t.source] })],
);

/**
 * The public correction log: a published figure of a past day that a later run changed (figure
 * 'value', 'supply', 'price' or 'holders' of one asset on one chain from one source), or a change
 * of method (figure 'method', no asset). Before and after are the published texts.
 */
export const corrections = sqliteTable(
  'corrections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    recordedAt: text('recorded_at').notNull(),
    runId: integer('run_id').notNull(),
    /** The run whose figure was replaced (null for a method change). */
    previousRunId: integer('previous_run_id'),
    date: text('date').notNull(),
    assetSymbol: text('asset_symbol').notNull().default(''),
    chain: text('chain').notNull().default(''),
    source: text('source').notNull().default(''),
    figure: text('figure').notNull(),
    before: text('before'),
    after: text('after'),
    reason: text('reason').notNull(),
    methodVersion: integer('method_version').notNull(),
  },
  (t) => [
    // Recording twice (a head-first run publishes twice) keeps one entry.
    uniqueIndex('corrections_key').on(t.runId, t.date, t.assetSymbol, t.chain, t.source, t.figure),
    index('corrections_date').on(t.date),
  ],
);
