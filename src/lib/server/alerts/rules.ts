/**
 * The bounds an alert is made at (issue 28.1), one place for each rule. Each is a fraction of the
 * figure the day before; a move beyond it makes an event.
 */
import type { ASSET_CLASSES } from '#lib/server/ingest/registry.ts';

/** A stablecoin more than 1% off its $1 peg. */
export const DEPEG_BOUND = 0.01;

/** An asset's circulating supply (its chains read on both days) moving more than 10% in a day. */
export const SUPPLY_BOUND = 0.1;

/**
 * How far a NAV or price may move in a day before it is news, per class: a Treasury fund's NAV
 * accrues a few basis points a day, so 1% is already an event; bonds and credit move more on a
 * mark-down; gold and other commodities move a few percent on a busy day; a tokenized stock moves
 * like its stock. Stablecoins are watched against their peg instead (DEPEG_BOUND).
 */
export const NAV_DAY_BOUND: Record<Exclude<(typeof ASSET_CLASSES)[number], 'Stablecoins'>, number> = {
  'U.S. Treasuries': 0.01,
  'Global Bonds': 0.02,
  'Corporate Bonds': 0.02,
  'Private Credit': 0.02,
  'Institutional Funds': 0.03,
  'Managed Strategies': 0.05,
  Commodities: 0.08,
  Stocks: 0.15,
};

/** The peg every tracked stablecoin has (the registry lists dollar stablecoins only). */
export const PEG_USD = 1;

/** A move beyond its bound: exactly at the bound is not (0.99 is 1% off, not more), whatever floating point makes of it. */
export const beyond = (change: number, bound: number) => Math.abs(change) - bound > 1e-9;
