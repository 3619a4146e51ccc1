/**
 * /sources' "Counted once" and "Who holds whom", the pure steps: what every total leaves out of a
 * fund that holds another by a stated share, the stablecoin reserves holding tracked funds (measured,
 * or the last public figure), and each holding of the published day with what its figure is.
 */
import type { Registry } from '#lib/server/catalogue/registry.ts';
import type { Coverage } from '#lib/server/figures/coverage-data.ts';
import { formatDay, formatNumber } from '#lib/shared/format.ts';
import { chainName, datedFigure, longDay, usd } from './sources-view.ts';

/** A wallet by its chain's name and its address. */
interface Wallet {
  chain: string;
  address: string;
}

/**
 * Funds held by a tracked fund by a stated share, no wallet published: how much every total leaves
 * out (unknown while the snapshot is shown). Null when there are none (no list).
 */
export function heldByShare(doubleCounts: Coverage['doubleCounts']) {
  if (doubleCounts.length === 0) return null;
  return doubleCounts.map((d) => ({
    data: { asset: d.asset, fund: d.fund, value: d.value ?? '' },
    fund: d.fund,
    asset: d.asset,
    /** The share of the holder's reserves, in percent to one decimal. */
    percent: Math.round(d.share * 1000) / 10,
    source: d.source,
    leftOut: d.value === null ? `${d.fund}'s value × ${d.share} (unknown while the snapshot is shown)` : `about ${usd(d.value)}`,
  }));
}

/** The stablecoin reserves' holdings of tracked funds: measured at the close, else said not to be, with the last public figure. */
export function reserveOverlap(overlap: Coverage['overlap'], registry: Registry | undefined) {
  return {
    measured: overlap.measuredValue ?? '',
    measuredText:
      overlap.measuredValue === null
        ? 'The holdings are not measured yet (no published run read their wallets at a close).'
        : `Measured from the wallets' balances at the close, at the day's prices: ${usd(overlap.measuredValue)}.`,
    estimate: datedFigure(overlap.estimate, longDay),
    rows: overlap.holdings.map((h) => ({
      data: { asset: h.asset, stablecoin: h.stablecoin },
      asset: h.asset,
      heldFor: `${h.stablecoin} (${h.holder})`,
      wallet: { chain: chainName(registry, h.chain), address: h.address } satisfies Wallet,
      balance: h.balance === null ? 'not measured yet' : `${formatNumber(h.balance, 2)} at block ${h.block}, ${usd(h.value)}`,
    })),
  };
}

/** What a holding's figure is: measured at a block (its receipt named), an estimate by a stated share, or unknown and why. */
export function holdingFigure(h: Coverage['holdings'][number]): string {
  if (h.basis === 'measured')
    return `${formatNumber(Number(h.balance), 2)} ${h.asset} at block ${h.blockNumber}, ${usd(h.value)} (run #${h.receiptRunId}'s receipt)`;
  if (h.basis === 'estimate') return `estimate: ${usd(h.value)} (${formatNumber((h.share ?? 0) * 100, 2)}% of ${h.holder})`;
  return `unknown: ${h.note}`;
}

/** Who holds whom on the published day, and what adding the classes and the stablecoins together nets (none before a run). */
export function whoHoldsWhom(coverage: Pick<Coverage, 'combined' | 'holdings' | 'asOf'>, registry: Registry | undefined) {
  const { combined } = coverage;
  return {
    data: { rowsSum: combined?.rowsSum ?? '', netted: combined?.netted ?? '' },
    combined:
      combined === null
        ? 'No ingest run is published: the holdings are measured from the first one.'
        : `The RWA classes and the tracked stablecoins added together come to ${usd(combined.rowsSum)} as read; counting each dollar once nets ${usd(combined.netted)} from that (funds holding tracked funds, stablecoin reserves holding tracked products), so the two together are ${usd(combined.value)}.`,
    day: formatDay(coverage.asOf),
    rows: coverage.holdings.map((h) => ({
      data: { holder: h.holder, asset: h.asset, basis: h.basis, value: h.value ?? '' },
      holder: `${h.holder} (${h.holderKind})${h.walletName ? `: ${h.walletName}` : ''}`,
      asset: h.asset,
      /** Null: no wallet is published (an estimate by share). */
      wallet: h.wallet && h.chain ? ({ chain: chainName(registry, h.chain), address: h.wallet } satisfies Wallet) : null,
      figure: holdingFigure(h),
      source: h.source,
    })),
  };
}
