import type { APIRoute } from 'astro';
import { publicGet } from '@/lib/server/open-data/public-get';
import { getAsOf, listChartData } from '@/lib/server/analytics';
import { readFormat, rowsResponse } from '@/lib/server/open-data/download';

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
  const [rows, asOf] = await Promise.all([listChartData(), getAsOf()]);
  return rowsResponse(rows, COLUMNS, { format, asOf, view: 'chart-data', download: url.searchParams.has('download') });
});
