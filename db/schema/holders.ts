import { sqliteTable, text, integer, real, index, primaryKey } from 'drizzle-orm/sqlite-core';

/**
 * Holder concentration per asset, chain and day, computed by the run that read the
 * day's balances (src/lib/server/ingest/concentration.ts) and stored, so a chart over any window
 * reads stored days and no day is computed twice. One row per run: a later run's figure for the
 * same day sits beside the earlier one, and the pages serve the newest run whose observation of
 * that asset and chain a published run accepted (a held run's rows are never served).
 */
export const holderConcentration = sqliteTable(
  'holder_concentration',
  {
    runId: integer('run_id').notNull(),
    date: text('date').notNull(),
    assetSymbol: text('asset_symbol').notNull(),
    /** A registry chain key, or `all` for the asset across its chains (an address on two chains is one holder). */
    chain: text('chain').notNull(),
    /** The block the balances are read at (per chain); null for `all`. */
    blockNumber: integer('block_number'),
    holders: integer('holders').notNull(),
    /** 0-1. */
    top10Share: real('top10_share'),
    /** 0-10,000. */
    hhi: real('hhi'),
    /** 0-1. */
    gini: real('gini'),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.date, t.assetSymbol, t.chain] }),
    index('holder_concentration_asset').on(t.assetSymbol, t.date),
  ],
);
