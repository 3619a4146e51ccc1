/**
 * The numbers and words of the ingest's rules that the site also states: the statements of method
 * on /sources, the runs' record, the alerts and the correction log name them, and the ingest applies
 * them. Declared once here, so a rule and the sentence that states it cannot drift apart, and so the
 * read side learns them without importing the writer.
 */

/** How long a failed part's last good figures are still shown. */
export const STALE_MAX_DAYS = 2;

/** Holder counts below this are too small for a ratio to mean anything (the circuit breaker). */
export const MIN_HOLDERS_COMPARED = 100;

/** The run's totals as the breaker's reasons (and the hold events) name them. */
export const TOTAL_LABELS = { rwa: 'total RWA value', stablecoins: 'total stablecoin value' } as const;

/** A daily price move above this fraction is flagged. */
export const PRICE_MOVE_FLAG = 0.1;
/** Default age bound of a feed answer: a day's heartbeat plus two hours. */
export const DEFAULT_FEED_MAX_AGE_HOURS = 26;
/**
 * Default bound of a NAV read from a contract without a timestamp (call, vault, centrifuge): the
 * value may stay unchanged this many U.S. business days (a NAV struck each business day, one day
 * of publication lag and one missed day), then it is stale since the day it last changed.
 */
export const DEFAULT_NAV_MAX_BUSINESS_DAYS = 3;

/** The words a run's record uses for a day read before its close (found by /sources). */
export const EARLY_CLOSE = "read before the day's end";
/** The words a run's record uses for a retry it plans (found by /sources and the runner's log). */
export const CLOSE_RETRY = 'to be read again after';
/** How long after an early close the day is read again: the finalized head lags 13-30 minutes. */
export const CLOSE_RETRY_AFTER_MIN = 30;
/** Reads of one day at most, the first included. */
export const CLOSE_RETRY_MAX = 3;

/**
 * A close the node no longer keeps is read at the oldest later block it keeps only up to this many
 * hours after the close: a block later than that is another day's state, not a stand-in for the
 * close (a backfill of old days needs an archive node).
 */
export const KEPT_STATE_MAX_HOURS = 12;

/** The `chain` of a holder-concentration figure across all of an asset's chains. */
export const ALL_CHAINS = 'all';

/**
 * The version of the method the figures are made by: raise it with an entry in METHOD_CHANGES when a
 * rule changes what a figure is (what supply counts, how a price is checked), never for a fix of
 * code that gives the same figures. The next published run records the change in the correction log.
 */
export const METHOD_VERSION = 1;
export const METHOD_CHANGES: Record<number, string> = {
  1: "Supply is totalSupply() at the day's closing block (or the finalized head) minus the excluded wallets' balances; value is supply times the checked price; each read keeps its raw answers (receipts).",
};
