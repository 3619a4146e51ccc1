/**
 * Which sources read a chain's own ledger (the families' readers); any other source is an
 * aggregator (DefiLlama). Which figure counts is decided in figures/precedence.ts.
 */
import { familyById } from '#lib/server/catalogue/families.ts';

/** A family's reader is named by the family's id (catalogue/families.ts). */
export function isChainReader(source: string): boolean {
  return familyById(source) !== undefined;
}
