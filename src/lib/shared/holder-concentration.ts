/**
 * Holder concentration: how much of an asset its largest holders hold. Three measures
 * over the holders' balances (raw integer units, so sums and squares are exact; only the final
 * ratio is a float): the top-10 share, the Herfindahl-Hirschman index and the Gini coefficient.
 * Which balances count (excluded wallets out, dust out) is the caller's rule, not these functions'.
 */

/** a / b as a float, from exact integers (b > 0): 18 significant digits before the one rounding. */
function ratio(a: bigint, b: bigint): number {
  const SCALE = 10n ** 18n;
  return Number((a * SCALE) / b) / 1e18;
}

/** Share (0-1) of `total` held by the 10 largest of `desc` (sorted largest first). */
export function topTenShare(desc: readonly bigint[], total: bigint): number {
  let top = 0n;
  for (const b of desc.slice(0, 10)) top += b;
  return ratio(top, total);
}

/**
 * Herfindahl-Hirschman index on the 0-10,000 scale (the US merger guidelines'): the sum of the
 * squared shares in percent. 10,000 is one holder; n equal holders give 10,000 / n.
 */
export function herfindahl(values: readonly bigint[], total: bigint): number {
  let squares = 0n;
  for (const b of values) squares += b * b;
  return ratio(squares, total * total) * 10_000;
}

/**
 * Gini coefficient (0 = every holder holds the same, towards 1 = one holder holds nearly all), over
 * `asc` sorted smallest first: (2·Σ i·x_i − (n+1)·Σ x) / (n·Σ x), i from 1 — the mean absolute
 * difference between every two holders over twice the mean, in one pass.
 */
export function gini(asc: readonly bigint[], total: bigint): number {
  const n = BigInt(asc.length);
  let weighted = 0n;
  asc.forEach((b, i) => (weighted += BigInt(i + 1) * b));
  return ratio(2n * weighted - (n + 1n) * total, n * total);
}

export interface Concentration {
  holders: number;
  /** 0-1; null without a holder. */
  top10Share: number | null;
  /** 0-10,000; null without a holder. */
  hhi: number | null;
  /** 0-1; null without a holder. */
  gini: number | null;
}

/** The three measures over the holders' balances (every one > 0; order free). */
export function concentrationOf(balances: Iterable<bigint>): Concentration {
  const asc = [...balances].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const total = asc.reduce((s, b) => s + b, 0n);
  if (!asc.length || total <= 0n) return { holders: asc.length, top10Share: null, hhi: null, gini: null };
  return {
    holders: asc.length,
    top10Share: topTenShare([...asc].reverse(), total),
    hhi: herfindahl(asc, total),
    gini: gini(asc, total),
  };
}

/** How the figures are made, as the page and the API state it beside them. */
export const CONCENTRATION_METHOD =
  'From the indexed balances at the day’s block (every Transfer log since the deployment): excluded wallets (issuer, escrow, other tracked funds) left out, and a balance at or below the asset’s dust threshold is not a holder. Top-10 share: the 10 largest balances over all holders’ balances. HHI: the sum of squared shares in percent (0-10,000; 10,000 is one holder). Gini: the mean absolute difference between holders over twice the mean (0 equal, towards 1 one holder). Per asset, an address holding it on several chains is one holder with the sum of its balances there. Each day is computed from the balances the index keeps current (only that day’s transfers are applied); earlier days are stored, never recomputed.';
