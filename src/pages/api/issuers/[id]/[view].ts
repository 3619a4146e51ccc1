import type { APIRoute } from 'astro';
import { publicGet } from '@/lib/server/open-data/public-get';
import { HttpError } from '@/lib/server/http';
import { ISSUER_ASSET_COLUMNS, ISSUER_HISTORY_COLUMNS, issuerHistoryRows, loadIssuerPage } from '@/lib/server/open-data/issuer-page';
import { readFormat, rowsResponse } from '@/lib/server/open-data/download';
import { readHistoryQuery } from '@/lib/server/open-data/history-query';

export const prerender = false;

/** The issuer page's total over time (history: range, from, to) and its asset table as files, JSON or CSV. */
export const GET: APIRoute = publicGet(async ({ params, url }) => {
  const view = params.view ?? '';
  if (view !== 'history' && view !== 'assets') throw new HttpError(404, 'No such view: history or assets.');
  const format = readFormat(url.searchParams);
  const q = view === 'history' ? readHistoryQuery(url.searchParams) : undefined;
  const page = await loadIssuerPage(params.id ?? '');
  if (!page) throw new HttpError(404, 'No issuer with this id.');
  const name = `${page.issuer.id}-${view}`;
  if (q)
    return rowsResponse(issuerHistoryRows(page, q.range, q.from, q.to), ISSUER_HISTORY_COLUMNS, {
      format,
      asOf: page.asOf,
      download: true,
      view: `${name}-${q.label}`,
    });
  return rowsResponse(page.assets, ISSUER_ASSET_COLUMNS, { format, asOf: page.asOf, download: true, view: name });
});
