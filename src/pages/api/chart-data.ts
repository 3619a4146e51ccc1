import type { APIRoute } from 'astro';
import { publicGet } from '@/lib/server/open-data/public-get';
import { getAsOf, listChartData } from '@/lib/server/analytics';
import { readFormat, rowsResponse } from '@/lib/server/open-data/download';
import { readDateBounds } from '@/lib/server/open-data/history-query';
import { clip } from '@/lib/shared/open-data/range';

export const prerender = false;

const COLUMNS = [
  'date',
  'privateCredit',
  'usTreasuryDebt',
  'commodities',
  'institutionalFunds',
  'stocks',
  'governmentDebt',
  'managedStrategies',
  'corporateBonds',
  'stablecoins',
] as const;

export const GET: APIRoute = publicGet(async ({ url }) => {
  const format = readFormat(url.searchParams);
  const { from, to } = readDateBounds(url.searchParams);
  const [all, asOf] = await Promise.all([listChartData(), getAsOf()]);
  // Optional from/to (inclusive); without them every date, as the spec's chart expects.
  const rows = clip(all, from, to);
  return rowsResponse(rows, COLUMNS, { format, asOf, view: 'chart-data', download: url.searchParams.has('download') });
});
