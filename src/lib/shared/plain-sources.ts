/**
 * How a public page names where a fact came from (in plain words, for a visitor, not a developer): never a file path or an
 * internal term, always words a visitor reads, pointing at the /sources section that explains it.
 */

import { formatDay } from './format.ts';

/** The tracked-contract registry, as a visitor knows it. */
export const OUR_TOKEN_LIST = 'our token list';
export const TOKEN_LIST_HREF = '/sources#assets';
export const SNAPSHOT_HREF = '/sources#snapshot';

/** 'the 12 Sep 2025 snapshot', from the snapshot's own as-of date (YYYY-MM-DD, read in UTC). */
export function snapshotWords(asOf: string): string {
  const day = formatDay(asOf.slice(0, 10), '');
  return day ? `the ${day} snapshot` : 'the snapshot';
}

/** The /sources section a source's words point at: the token list's table, else the snapshot's notes. */
export function sourceHref(source: string): string {
  return source === OUR_TOKEN_LIST ? TOKEN_LIST_HREF : SNAPSHOT_HREF;
}
