/**
 * Top Transfers, in one place: the periods, the amount ranges, the row limits, the API path of one
 * selection and the reading of a selection from a URL query. Used by the API, the home page, its
 * island and the data bench. No DOM, no database.
 */

export const TRANSFER_PERIODS = [7, 30, 90] as const;
export type TransferPeriod = (typeof TRANSFER_PERIODS)[number];
export const DEFAULT_PERIOD: TransferPeriod = 7;

/** The amount ranges (spec: 0-100k default, 100k-1M, 1M-10M, 10M+): minUsd <= usdAmount < maxUsd. */
export const AMOUNT_RANGES = [
  { id: '0-100k', label: '$0 - $100K', minUsd: 0, maxUsd: 100_000 },
  { id: '100k-1m', label: '$100K - $1M', minUsd: 100_000, maxUsd: 1_000_000 },
  { id: '1m-10m', label: '$1M - $10M', minUsd: 1_000_000, maxUsd: 10_000_000 },
  { id: '10m+', label: '$10M+', minUsd: 10_000_000, maxUsd: undefined },
] as const;
export type AmountRange = (typeof AMOUNT_RANGES)[number];
export type AmountRangeId = AmountRange['id'];
export const DEFAULT_RANGE: AmountRangeId = '0-100k';

/** Rows the table shows (spec: at most 10), and so the API's default limit per answer or per range. */
export const TRANSFER_LIMIT = 10;
/** The most rows one request may ask for (`limit`), per range when no range is given. */
export const MAX_TRANSFER_LIMIT = 100;

export function findRange(id: string | null | undefined): AmountRange {
  return AMOUNT_RANGES.find((r) => r.id === id) ?? AMOUNT_RANGES[0];
}

/** A period from a query value; anything but 7, 30 or 90 is the default. */
export function parsePeriod(value: string | null | undefined): TransferPeriod {
  return TRANSFER_PERIODS.find((p) => String(p) === value) ?? DEFAULT_PERIOD;
}

/** The API query for one period and range: days=7, minUsd=0, maxUsd=100000, limit=10. */
export function transfersQuery(days: TransferPeriod, rangeId: string, limit = TRANSFER_LIMIT): Record<string, string> {
  const range = findRange(rangeId);
  const q: Record<string, string> = { days: String(days), minUsd: String(range.minUsd) };
  if (range.maxUsd !== undefined) q.maxUsd = String(range.maxUsd);
  q.limit = String(limit);
  return q;
}

/** The API path for one period and range: /api/transfers?days=7&minUsd=0&maxUsd=100000&limit=10. */
export function transfersPath(days: TransferPeriod, rangeId: string, limit = TRANSFER_LIMIT): string {
  return `/api/transfers?${new URLSearchParams(transfersQuery(days, rangeId, limit))}`;
}
