/**
 * Counted once: the one rule every total applies (the market overview, the class,
 * network and issuer totals, the chart, coverage and the API that serves them).
 *
 * A tracked fund whose documents say a share of its reserves is another tracked fund, with no
 * wallet to leave out at a block (OUSG: over 99.5% in BUIDL), counts in a total only at its
 * value beyond that holding, on each of its chains alike: the held fund's tokens are counted in
 * full where they are, so each dollar is counted once. An asset's own market cap (its page, the
 * asset lists) stays whole; only sums go through `countedOnce`. A holding with a wallet is left
 * out of the held fund's supply at the block instead (registry.ts excludedWallets).
 */
import type { Registry } from '#lib/server/catalogue/registry.ts';

/** Per holding fund, the share of its value that other tracked funds already count. */
export function heldShares(registry: Registry | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of registry?.assets ?? [])
    for (const h of a.heldByFunds) if ('share' in h) out.set(h.fund, Math.min(1, (out.get(h.fund) ?? 0) + Number(h.share)));
  return out;
}

const cache = new WeakMap<Registry, (symbol: string, value: number) => number>();

/** The part of `value` (an amount of `symbol`) that a total counts. */
export function countedOnce(registry: Registry | undefined): (symbol: string, value: number) => number {
  if (!registry) return (_symbol, value) => value;
  let f = cache.get(registry);
  if (!f) {
    const shares = heldShares(registry);
    f = (symbol, value) => {
      const share = shares.get(symbol);
      return share === undefined ? value : value * (1 - share);
    };
    cache.set(registry, f);
  }
  return f;
}
