/**
 * The open-data answers as they leave the API, money as decimal strings (src/lib/shared/money.ts):
 * one function per answer, used by its JSON route and by its downloads, so a field has one type in
 * the JSON, the CSV and the OpenAPI schema (src/lib/shared/schemas/responses.ts).
 */
import { moneyString, withMoney } from '#lib/shared/money.ts';
import type { AssetPage } from './asset-page.ts';
import type { IssuerPage, IssuerSummary } from './issuer-page.ts';
import type { NetworkPage } from './network-page.ts';
import type { Coverage } from '#lib/server/figures/coverage-data.ts';
import type { Holding } from '#lib/shared/schemas/holdings.ts';
import { reconciliationForApi } from './reconciliation.ts';

export const issuerForApi = (issuer: IssuerSummary) => withMoney(issuer, ['totalMarketCap']);
export const issuerAssetForApi = (asset: IssuerPage['assets'][number]) => withMoney(asset, ['marketCap']);
export const issuerHistoryForApi = (point: IssuerPage['history'][number]) => withMoney(point, ['totalMarketCap']);

export const issuerPageForApi = (page: IssuerPage) => ({
  ...page,
  issuer: issuerForApi(page.issuer),
  assets: page.assets.map(issuerAssetForApi),
  history: page.history.map(issuerHistoryForApi),
});

export const networkAssetForApi = <T extends { valueOnChain: number | null; marketCap: number | null }>(asset: T) =>
  withMoney(asset, ['valueOnChain', 'marketCap']);

export const networkPageForApi = (page: NetworkPage) => ({ ...page, assets: page.assets.map(networkAssetForApi) });

export const assetHistoryForApi = <T extends { marketCap: number | null }>(point: T) => withMoney(point, ['marketCap']);
export const assetChainForApi = <T extends { value: number | null }>(chain: T) => withMoney(chain, ['value']);

/** A holding of who holds whom: its dollars as decimal strings. */
const holdingForApi = (h: Holding) => withMoney(h, ['value', 'holderValue']);

export const assetPageForApi = (page: AssetPage) => ({
  ...page,
  asset: withMoney(page.asset, ['marketCap']),
  price: withMoney(page.price, ['value']),
  marketCap: withMoney(page.marketCap, ['value']),
  chains: page.chains.map(assetChainForApi),
  crossCheck: page.crossCheck && withMoney(page.crossCheck, ['chain', 'aggregator']),
  history: page.history.map(assetHistoryForApi),
  reconciliation: reconciliationForApi(page.asset.id, page.reconciliation),
  heldBy: page.heldBy.map(holdingForApi),
  holds: page.holds.map(holdingForApi),
});

export const coverageForApi = (coverage: Coverage) => ({
  ...coverage,
  classes: coverage.classes.map((c) => ({
    ...withMoney(c, ['trackedValue']),
    reference: c.reference && withMoney(c.reference, ['value']),
    leads: c.leads.map((l) => withMoney(l, ['value'])),
  })),
  overall: {
    ...withMoney(coverage.overall, ['trackedValue']),
    reference: coverage.overall.reference && withMoney(coverage.overall.reference, ['value']),
    leads: coverage.overall.leads.map((l) => withMoney(l, ['value'])),
  },
  gaps: coverage.gaps.map((g) => withMoney(g, ['chainValue', 'defillamaValue'])),
  doubleCounts: coverage.doubleCounts.map((d) => withMoney(d, ['value'])),
  overlap: {
    ...coverage.overlap,
    holdings: coverage.overlap.holdings.map((h) => withMoney(h, ['value'])),
    measuredValue: coverage.overlap.measuredValue === null ? null : moneyString(coverage.overlap.measuredValue),
    estimate: withMoney(coverage.overlap.estimate, ['value']),
  },
  holdings: coverage.holdings.map(holdingForApi),
  combined: coverage.combined && withMoney(coverage.combined, ['rowsSum', 'netted', 'value']),
  notCovered: coverage.notCovered.map((n) => withMoney(n, ['defillamaValue'])),
});
