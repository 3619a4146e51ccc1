/**
 * The sortable columns and filters of the asset-class pages' tables (/stablecoins, /treasuries,
 * /private-credit, /commodities), in the URL like every list, so a view can be shared (src/lib/shared/table-view.ts).
 * The labels are the spec's column headers, in its order; each column sorts, and each table filters by
 * chain and by its issuer column (Platform or Protocol) where it has them. Of a page's two tables,
 * the second's query names carry a prefix, so that each keeps its own view. A table whose rows come in
 * no column's order keeps that order by default (defaultSort '': as listed).
 */
import type { CommodityRow, CreditPlatform, CreditPool, StablecoinRow, TreasuryEntity, TreasuryProduct } from '../analytics-types.ts';
import type { FilterSpec, TableSpec } from '../table-view.ts';

const chain = <R>(values: (r: R) => string[]): FilterSpec<R> => ({ id: 'chain', label: 'Chain', values });
/** The issuer filter under the table's own name for its issuer column. */
const issuer = <R>(label: string, name: (r: R) => string): FilterSpec<R> => ({ id: 'issuer', label, values: (r) => [name(r)] });

/** /stablecoins' table; Networks sorts by how many. */
export const STABLECOIN_TABLE: TableSpec<StablecoinRow> = {
  columns: [
    { id: 'name', label: 'Name', phone: 'name', key: (r) => r.name },
    { id: 'ticker', label: 'Ticker', key: (r) => r.ticker },
    { id: 'platform', label: 'Platform', key: (r) => r.platform },
    { id: 'networks', label: 'Networks', numeric: true, key: (r) => r.networks.length },
    { id: 'marketCap', label: 'Market Cap', phone: 'value', numeric: true, key: (r) => r.marketCap },
    { id: 'price', label: 'Price', numeric: true, key: (r) => r.price },
    { id: 'pegged', label: 'Pegged Currency', key: (r) => r.peggedCurrency },
  ],
  filters: [chain((r) => r.networks), issuer('Platform', (r) => r.platform)],
  defaultSort: 'marketCap',
  defaultDir: 'desc',
};

/** /treasuries' Top Entities: '#' keeps the entity's rank whatever the sort. */
export const TREASURY_ENTITIES: TableSpec<TreasuryEntity> = {
  columns: [
    { id: 'rank', label: '#', key: (r) => r.rank },
    { id: 'protocol', label: 'Protocol', phone: 'name', key: (r) => r.protocol },
    { id: 'count', label: 'RWA Count', numeric: true, key: (r) => r.rwaCount },
    { id: 'marketCap', label: 'Market Cap', phone: 'value', numeric: true, key: (r) => r.marketCap },
    { id: 'change', label: '30D%', phone: 'change', numeric: true, key: (r) => r.change30d },
    { id: 'share', label: 'Market Share', numeric: true, key: (r) => r.marketShare },
  ],
  filters: [issuer('Protocol', (r) => r.protocol)],
  defaultSort: 'rank',
  defaultDir: 'asc',
  // The page's second table: the products keep the plain names.
  prefix: 'entities-',
};

/** /treasuries' Treasury Products. */
export const TREASURY_PRODUCTS: TableSpec<TreasuryProduct> = {
  columns: [
    { id: 'name', label: 'Product Name', phone: 'name', key: (r) => r.name },
    { id: 'ticker', label: 'Ticker', key: (r) => r.ticker },
    { id: 'platform', label: 'Platform', key: (r) => r.platform },
    { id: 'networks', label: 'Networks', numeric: true, key: (r) => r.networks.length },
    { id: 'marketCap', label: 'Market Cap', phone: 'value', numeric: true, key: (r) => r.marketCap },
    { id: 'ytm', label: 'Yield to Maturity', numeric: true, key: (r) => r.yieldToMaturity },
    { id: 'investors', label: 'Eligible Investors', key: (r) => r.eligibleInvestors },
  ],
  filters: [chain((r) => r.networks), issuer('Platform', (r) => r.platform)],
  defaultSort: 'marketCap',
  defaultDir: 'desc',
};

/** /private-credit's Platforms, in the snapshot's order by default. */
export const CREDIT_PLATFORMS: TableSpec<CreditPlatform> = {
  columns: [
    { id: 'protocol', label: 'Protocol', phone: 'name', key: (r) => r.protocol },
    { id: 'networks', label: 'Networks', numeric: true, key: (r) => r.networks.length },
    { id: 'totalLoans', label: 'Total Loans', phone: 'value', numeric: true, key: (r) => r.totalLoans },
    { id: 'activeLoans', label: 'Active Loans', numeric: true, key: (r) => r.activeLoans },
    { id: 'apy', label: 'Avg. Base APY', phone: 'keep', numeric: true, key: (r) => r.avgBaseApy },
    { id: 'defaulted', label: 'Defaulted Loans Amount', numeric: true, key: (r) => r.defaultedAmount },
  ],
  filters: [chain((r) => r.networks), issuer('Protocol', (r) => r.protocol)],
  defaultSort: '',
  defaultDir: 'asc',
  // The page's second table: the pools (the one that pages) keep the plain names.
  prefix: 'platforms-',
};

/** /private-credit's Pools, in the snapshot's order by default. */
export const CREDIT_POOLS: TableSpec<CreditPool> = {
  columns: [
    { id: 'platform', label: 'Platform', key: (r) => r.platform },
    { id: 'network', label: 'Network', key: (r) => r.network },
    { id: 'name', label: 'Name', phone: 'name', key: (r) => r.name },
    { id: 'currency', label: 'Currency', key: (r) => r.currency },
    { id: 'status', label: 'Status', key: (r) => r.status },
    { id: 'apy', label: 'APY', phone: 'keep', numeric: true, key: (r) => r.apy },
    { id: 'principal', label: 'Principal Outstanding', phone: 'value', numeric: true, key: (r) => r.principalOutstanding },
    { id: 'defaulted', label: 'Defaulted Amount', numeric: true, key: (r) => r.defaultedAmount },
  ],
  filters: [chain((r) => [r.network]), issuer('Platform', (r) => r.platform)],
  defaultSort: '',
  defaultDir: 'asc',
};

/** /commodities' table: '#' keeps the asset's rank whatever the sort. */
export const COMMODITY_TABLE: TableSpec<CommodityRow> = {
  columns: [
    { id: 'rank', label: '#', key: (r) => r.rank },
    { id: 'name', label: 'Asset', phone: 'name', key: (r) => r.name },
    { id: 'type', label: 'Type', key: (r) => r.type },
    { id: 'platform', label: 'Platform', key: (r) => r.platform },
    { id: 'networks', label: 'Networks', numeric: true, key: (r) => r.networks.length },
    { id: 'marketCap', label: 'Market Cap', phone: 'value', numeric: true, key: (r) => r.marketCap },
    { id: 'price', label: 'Price', numeric: true, key: (r) => r.price },
    { id: 'change', label: '24h Change', phone: 'change', numeric: true, key: (r) => r.change24h },
  ],
  filters: [chain((r) => r.networks), issuer('Platform', (r) => r.platform)],
  defaultSort: 'rank',
  defaultDir: 'asc',
};
