/**
 * The rows of the asset page's tables and series, as the page shows them and as its CSV and JSON
 * links give them: one function per view, so a download is exactly its view.
 */
import type { AssetPage } from './asset-page.ts';
import { clip, rangeStart, type Range } from '#lib/shared/open-data/range.ts';

export function assetHistoryRows(page: AssetPage, range: Range, from?: string, to?: string) {
  return clip(page.history, from ?? rangeStart(range, page.asOf), to ?? page.asOf);
}
export const HISTORY_COLUMNS = ['date', 'marketCap', 'supply', 'holders'] as const;

export function assetChainRows(page: AssetPage) {
  return page.chains.map((c) => ({
    chain: c.chain,
    chainName: c.chainName,
    contract: c.contract,
    excluded: c.excluded.join(' '),
    supply: c.supply,
    value: c.value,
    holders: c.holders,
    source: c.source,
    date: c.date || null,
    blockNumber: c.blockNumber,
    blockTime: c.blockTime,
    apiUrl: c.apiUrl,
    fetchedAt: c.fetchedAt || null,
    // Where this figure's read is shown in full: raw answers, sum, the command to repeat it.
    receipt: c.date && page.live ? `${page.asset.url}/receipt#chain-${c.chain}` : null,
  }));
}
export const CHAIN_COLUMNS = [
  'chain',
  'chainName',
  'contract',
  'excluded',
  'supply',
  'value',
  'holders',
  'source',
  'date',
  'blockNumber',
  'blockTime',
  'apiUrl',
  'fetchedAt',
  'receipt',
] as const;

export function assetTransferRows(page: AssetPage) {
  return page.transfers.map((t) => ({ date: t.date, usdAmount: t.usdAmount, network: t.network, txHash: t.txHash, origin: t.origin }));
}
export const TRANSFER_COLUMNS = ['date', 'usdAmount', 'network', 'txHash', 'origin'] as const;

/** The yields as rows: each window with its two NAVs, the method, or why it is unknown. */
export function assetYieldRows(page: AssetPage) {
  return (
    [
      ['7d', page.yield7d],
      ['30d', page.yield30d],
    ] as const
  ).map(([window, y]) => ({
    window,
    yieldPct: y.value,
    fromDate: y.from?.date ?? null,
    fromNav: y.from?.nav ?? null,
    toDate: y.to?.date ?? null,
    toNav: y.to?.nav ?? null,
    method: page.yieldMethod,
    unknown: y.unknown ?? null,
  }));
}
export const YIELD_COLUMNS = ['window', 'yieldPct', 'fromDate', 'fromNav', 'toDate', 'toNav', 'method', 'unknown'] as const;
