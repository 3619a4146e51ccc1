/**
 * What a reader may ask the public read API for, as zod schemas: the API's routes validate their
 * query with them, and the MCP endpoint's tools take the same schemas as their input, so a question
 * refused by one is refused by the other with the same words.
 */
import { z } from 'zod';
import { MAX_QUERY_LENGTH, normalizeQuery } from '../search.ts';
import { ALERT_FILTER_ID } from '../alert-filter.ts';

/** A search's words: trimmed, inner whitespace collapsed, then 1 to MAX_QUERY_LENGTH characters. */
export const searchQuerySchema = z
  .string()
  .transform((q) => normalizeQuery(q))
  .pipe(z.string().min(1, 'Missing or empty.').max(MAX_QUERY_LENGTH, 'Too long.'));

/**
 * An asset's, network's, issuer's or class's id as the pages and the API name it (e.g. usdc,
 * ethereum, u-s-treasuries): lowercase letters, digits, '.' and '-', compared trimmed and lowercased.
 */
export const idSchema = (key: string) =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.string().regex(ALERT_FILTER_ID, `Invalid ${key}: expected an id such as "usdc" (lowercase letters, digits, '.', '-')`));

/** One subscription of /api/alerts and its feeds: every event, or one asset's, class's or network's. */
export const alertFilterSchema = z.strictObject({
  asset: idSchema('asset').optional().describe("Only this asset's events: its id (e.g. usdc)"),
  class: idSchema('class').optional().describe("Only this asset class's events: its slug (e.g. stablecoins, u-s-treasuries)"),
  network: idSchema('network').optional().describe("Only this network's events: its id (e.g. ethereum)"),
});
