/**
 * Counted once: the one rule every total applies (the market overview, the class,
 * network and issuer totals, the chart, coverage and the API that serves them).
 *
 * A tracked fund that holds another tracked fund counts in a total only at its value beyond that
 * holding, on each of its chains alike: the held fund's tokens are counted in full where they are,
 * so each dollar is counted once. The holding is measured where the registry names the fund's
 * wallet (its balance at the close, valued at the held fund's price: the day's holdings, publish's
 * graph); where it does not, or the wallet was not read that day, the share the fund's documents
 * state stands in, an estimate (OUSG: over 99.5% in BUIDL). An asset's own market cap (its page,
 * the asset lists) stays whole; only sums go through `countedOnce`.
 *
 * A stablecoin whose reserves hold a tracked product is not a fund: the stablecoin totals stay
 * whole (they add no RWA), and a total that adds the stablecoins to the RWA classes nets those
 * holdings once (`combinedNetting`).
 */
import type { Registry } from '#lib/server/catalogue/registry.ts';
import type { Holding } from '#lib/shared/schemas/holdings.ts';

/** Per holding fund, the share of its value that other tracked funds already count, by its documents (the estimate). */
export function heldShares(registry: Registry | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of registry?.assets ?? [])
    for (const h of a.heldByFunds) if ('share' in h) out.set(h.fund, Math.min(1, (out.get(h.fund) ?? 0) + Number(h.share)));
  return out;
}

/**
 * Per date, per holding fund, the share of its value counted elsewhere: each held product's measured
 * holdings that day (their value over the fund's value), and for a held product with none measured
 * that day the stated share. Capped at the whole fund.
 */
export function fundSharesByDate(registry: Registry | undefined, holdings: readonly Holding[]): Map<string, Map<string, number>> {
  const stated = new Map<string, Map<string, number>>(); // fund -> held asset -> share
  for (const a of registry?.assets ?? [])
    for (const h of a.heldByFunds)
      if ('share' in h) (stated.get(h.fund) ?? stated.set(h.fund, new Map()).get(h.fund)!).set(a.symbol, Number(h.share));
  const measured = new Map<string, Map<string, Map<string, number>>>(); // date -> fund -> asset -> share
  for (const h of holdings) {
    if (h.holderKind !== 'fund' || h.basis !== 'measured' || h.value === null || !h.holderValue) continue;
    const byFund = measured.get(h.date) ?? measured.set(h.date, new Map()).get(h.date)!;
    const byAsset = byFund.get(h.holder) ?? byFund.set(h.holder, new Map()).get(h.holder)!;
    byAsset.set(h.asset, (byAsset.get(h.asset) ?? 0) + h.value / h.holderValue);
  }
  const out = new Map<string, Map<string, number>>();
  for (const [date, byFund] of measured) {
    const day = new Map<string, number>();
    for (const fund of new Set([...byFund.keys(), ...stated.keys()])) {
      const shares = new Map(stated.get(fund) ?? []);
      for (const [asset, share] of byFund.get(fund) ?? []) shares.set(asset, share);
      day.set(
        fund,
        Math.min(
          1,
          [...shares.values()].reduce((s, x) => s + x, 0),
        ),
      );
    }
    out.set(date, day);
  }
  return out;
}

const cache = new WeakMap<Registry, (symbol: string, value: number) => number>();

/**
 * The part of `value` (an amount of `symbol` on `date`) that a total counts. With the day's holdings
 * (publish's graph), a fund's measured holdings replace its stated shares on the days they were read;
 * without them (or on a day none was read), the stated shares stand.
 */
export function countedOnce(
  registry: Registry | undefined,
  holdings?: readonly Holding[],
): (symbol: string, value: number, date?: string) => number {
  if (!registry) return (_symbol, value) => value;
  let stated = cache.get(registry);
  if (!stated) {
    const shares = heldShares(registry);
    stated = (symbol, value) => {
      const share = shares.get(symbol);
      return share === undefined ? value : value * (1 - share);
    };
    cache.set(registry, stated);
  }
  if (!holdings?.length) return stated;
  const byDate = fundSharesByDate(registry, holdings);
  const fallback = stated;
  return (symbol, value, date) => {
    const share = date === undefined ? undefined : byDate.get(date)?.get(symbol);
    return share === undefined ? fallback(symbol, value) : value * (1 - share);
  };
}

/**
 * What a total adding the stablecoins to the RWA classes counts twice, per day, in one pass over the
 * holdings: every holding of a tracked product by a stablecoin's reserves with a value (measured,
 * else the stated share), at most each stablecoin's own value. A total of the stablecoins alone, or
 * of the RWA classes alone, nets none. Days with nothing to net are absent.
 */
export function combinedNettingByDate(holdings: readonly Holding[]): Map<string, number> {
  const byDayHolder = new Map<string, { date: string; value: number; cap: number | null }>();
  for (const h of holdings) {
    if (h.holderKind !== 'stablecoin' || h.value === null || h.basis === 'unknown') continue;
    const k = `${h.date}\u0000${h.holder}`;
    const x = byDayHolder.get(k) ?? byDayHolder.set(k, { date: h.date, value: 0, cap: h.holderValue }).get(k)!;
    x.value += h.value;
  }
  const out = new Map<string, number>();
  for (const { date, value, cap } of byDayHolder.values()) out.set(date, (out.get(date) ?? 0) + (cap === null ? 0 : Math.min(value, cap)));
  return out;
}

/** combinedNettingByDate for one day. */
export function combinedNetting(holdings: readonly Holding[], date: string): number {
  return combinedNettingByDate(holdings.filter((h) => h.date === date)).get(date) ?? 0;
}
