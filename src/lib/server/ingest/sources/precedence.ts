/**
 * Which figure counts when two sources give one for the same day, asset and chain: the chain
 * itself (a reader of its ledger) over an aggregator (DefiLlama). Both are stored; the other one
 * is shown beside it as a cross-check (the gap on /sources and in /api/coverage).
 */
import { CHAIN_FAMILIES } from '#lib/server/ingest/families.ts';

const CHAIN_READERS = new Set<string>(CHAIN_FAMILIES);

export function isChainReader(source: string): boolean {
  return CHAIN_READERS.has(source);
}

/** True when a figure from `next` replaces one from `prev`. */
export function outranks(next: string, prev: string): boolean {
  return isChainReader(next) && !isChainReader(prev);
}
