import { ISSUER_ASSET_COLUMNS, ISSUER_HISTORY_COLUMNS, issuerHistoryRows, loadIssuerPage } from '#lib/server/open-data/issuer-page.ts';
import { pageDownloads } from '#lib/server/open-data/page-downloads.ts';
import { table } from '#lib/server/open-data/reply.ts';
import { ISSUER_ASSETS, ISSUER_HISTORY } from '#lib/server/open-data/endpoints/issuers.ts';
import { issuerAssetForApi, issuerHistoryForApi } from '#lib/server/open-data/api-money.ts';

export const prerender = false;

/** The issuer page's total over time (history: range, from, to) and its asset table as files, JSON or CSV. */
export const GET = pageDownloads({
  noun: 'issuer',
  load: loadIssuerPage,
  idOf: (page) => page.issuer.id,
  views: (view) => [
    view(ISSUER_HISTORY, (page, q) =>
      table(issuerHistoryRows(page, q.range, q.from, q.to).map(issuerHistoryForApi), ISSUER_HISTORY_COLUMNS),
    ),
    view(ISSUER_ASSETS, (page) => table(page.assets.map(issuerAssetForApi), ISSUER_ASSET_COLUMNS)),
  ],
});
