/**
 * Bounds every published number must keep: finite, non-negative and below a ceiling
 * no real figure reaches. A source that answers outside them (1.7e308, a negative supply, a fake
 * 1e60 transfer) is refused at the door, so that no Infinity or absurd value reaches a sum, the
 * history or the circuit breaker's memory.
 */

/** Dollars in one asset on one chain, or one day's volume: the whole RWA and stablecoin market is under $1T. */
export const MAX_USD = 1e13;
/** Whole tokens of one deployment: no issued token has 1e15 units in circulation. */
const MAX_SUPPLY = 1e15;
/** Dollars per token: gold is thousands, a share a few hundred; a billion is already absurd. */
const MAX_PRICE = 1e9;
/** Holders of one asset on one chain (Ethereum has about 3e8 addresses in all). */
const MAX_HOLDERS = 1e9;

/** Why `n` is not a number that may be published under `ceiling`, or null when it is. */
export function outOfBounds(n: number, ceiling: number): string | null {
  if (typeof n !== 'number' || !Number.isFinite(n)) return `${n} is not a finite number`;
  if (n < 0) return `${n} is negative`;
  if (n > ceiling) return `${n} exceeds the bound ${ceiling}`;
  return null;
}

/** The first bound an observation's figures break, named, or null. */
export function observationProblem(o: {
  supply: number;
  price: number | null;
  value: number | null;
  holders: number | null;
}): string | null {
  const checks: Array<[string, number | null, number]> = [
    ['supply', o.supply, MAX_SUPPLY],
    ['price', o.price, MAX_PRICE],
    ['value', o.value, MAX_USD],
    ['holders', o.holders, MAX_HOLDERS],
  ];
  for (const [name, n, ceiling] of checks) {
    if (n === null) continue;
    const why = outOfBounds(n, ceiling);
    if (why) return `${name} ${why}`;
  }
  return null;
}

/** A market price beyond this many times the price an asset holds (a $1 stablecoin above $10) is a broken answer. */
const MAX_PEG_MULTIPLE = 10;

/**
 * Why a reported market price is no figure of an asset pegged at `peg` dollars, or null: not a positive
 * finite number, or more than 10 times its peg. The depeg alert reads only a price that passes, so a
 * broken answer (1e300 for a $1 coin) is an error in the run, never an alert.
 */
export function pegPriceProblem(price: number, peg: number): string | null {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return `${price} is not a positive finite price`;
  if (price > peg * MAX_PEG_MULTIPLE) return `${price} is more than ${MAX_PEG_MULTIPLE}× its $${peg} peg`;
  return null;
}
