/**
 * Which sources read a chain's own ledger (the families' readers); any other source is an
 * aggregator (DefiLlama). Which figure counts is decided in figures/precedence.ts.
 */
import { CHAIN_FAMILIES } from '#lib/server/ingest/families.ts';

const CHAIN_READERS = new Set<string>(CHAIN_FAMILIES);

export function isChainReader(source: string): boolean {
  return CHAIN_READERS.has(source);
}
