import type { APIRoute } from 'astro';
import { ISSUER_ASSET_COLUMNS, ISSUER_HISTORY_COLUMNS, issuerHistoryRows, loadIssuerPage } from '#lib/server/open-data/issuer-page.ts';
import { pageDownloads, table } from '#lib/server/open-data/page-downloads.ts';
import { issuerAssetForApi, issuerHistoryForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** The issuer page's total over time (history: range, from, to) and its asset table as files, JSON or CSV. */
export const GET: APIRoute = pageDownloads({
  noun: 'issuer',
  load: loadIssuerPage,
  idOf: (page) => page.issuer.id,
  views: {
    history: (page, q) => table(issuerHistoryRows(page, q.range, q.from, q.to).map(issuerHistoryForApi), ISSUER_HISTORY_COLUMNS),
    assets: (page) => table(page.assets.map(issuerAssetForApi), ISSUER_ASSET_COLUMNS),
  },
});
