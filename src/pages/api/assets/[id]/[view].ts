import { loadAssetPage } from '#lib/server/open-data/asset-page.ts';
import {
  assetChainRows,
  assetHistoryRows,
  assetTransferRows,
  assetYieldRows,
  CHAIN_COLUMNS,
  HISTORY_COLUMNS,
  TRANSFER_COLUMNS,
  YIELD_COLUMNS,
} from '#lib/server/open-data/asset-downloads.ts';
import { pageDownloads } from '#lib/server/open-data/page-downloads.ts';
import { table } from '#lib/server/open-data/reply.ts';
import {
  ASSET_CHAINS,
  ASSET_CONCENTRATION,
  ASSET_HISTORY,
  ASSET_RECONCILIATION,
  ASSET_TRANSFERS,
  ASSET_YIELD,
} from '#lib/server/open-data/endpoints/assets.ts';
import { assetChainForApi, assetHistoryForApi } from '#lib/server/open-data/api-money.ts';
import { CONCENTRATION_COLUMNS, concentrationForApi } from '#lib/server/open-data/concentration.ts';
import { RECONCILIATION_COLUMNS, reconciliationForApi, reconciliationRowsForApi } from '#lib/server/open-data/reconciliation.ts';

export const prerender = false;

/** The asset page's tables and series as files: history (range, from, to), chains, transfers, yield (7 and 30 days, with the method), holder concentration, reconciliation; JSON or CSV. */
export const GET = pageDownloads({
  noun: 'asset',
  load: loadAssetPage,
  idOf: (page) => page.asset.id,
  views: (view) => [
    view(ASSET_HISTORY, (page, q) => table(assetHistoryRows(page, q.range, q.from, q.to).map(assetHistoryForApi), HISTORY_COLUMNS)),
    view(ASSET_CHAINS, (page) => table(assetChainRows(page).map(assetChainForApi), CHAIN_COLUMNS)),
    view(ASSET_TRANSFERS, (page) => table(assetTransferRows(page), TRANSFER_COLUMNS)),
    view(ASSET_YIELD, (page) => table(assetYieldRows(page), YIELD_COLUMNS)),
    // Holder concentration and reconciliation: the JSON is the whole answer (method, notes), the CSV its rows.
    view(ASSET_CONCENTRATION, (page) =>
      table(page.concentration.history, CONCENTRATION_COLUMNS, concentrationForApi(page.asset.id, page.asOf, page.concentration)),
    ),
    view(ASSET_RECONCILIATION, (page) =>
      table(
        reconciliationRowsForApi(page.reconciliation),
        RECONCILIATION_COLUMNS,
        reconciliationForApi(page.asset.id, page.reconciliation),
      ),
    ),
  ],
});
