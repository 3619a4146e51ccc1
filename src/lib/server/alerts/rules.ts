/**
 * The bounds an alert is made at, one place for each rule. Each is a fraction of the
 * figure the day before; a move beyond it makes an event. A NAV's daily bound is per class, in the
 * asset-class table (src/lib/shared/asset-classes.ts navDayBound).
 */

/** A stablecoin more than 1% off its $1 peg. */
export const DEPEG_BOUND = 0.01;

/** An asset's circulating supply (its chains read on both days) moving more than 10% in a day. */
export const SUPPLY_BOUND = 0.1;

/** The peg every tracked stablecoin has (the registry lists dollar stablecoins only). */
export const PEG_USD = 1;

/** A move beyond its bound: exactly at the bound is not (0.99 is 1% off, not more), whatever floating point makes of it. */
export const beyond = (change: number, bound: number) => Math.abs(change) - bound > 1e-9;

/** A breaker hold (of a cell, or of the whole run by its totals): the rule, as the events give it. */
export const HOLD_RULE =
  'the circuit breaker holds a figure that would drop more than its bound or jump beyond its factor against the last published one; the refused figure is never shown';
