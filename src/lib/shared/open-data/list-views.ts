/**
 * The sortable columns and filters of the site's lists (src/lib/shared/table-view.ts): /assets,
 * /issuers, the networks table, and the asset lists of the network and issuer pages. One definition
 * for each table's header links, its filter form and its downloads.
 */
import type { Network } from '../analytics-types.ts';
import type { TableSpec } from '../table-view.ts';

export interface AssetListRow {
  name: string;
  symbol: string;
  assetClass: string;
  marketCap: number | null;
  issuer: { name: string } | null;
  chains: string[];
}

export const ASSET_LIST: TableSpec<AssetListRow> = {
  columns: [
    { id: 'name', label: 'Asset', phone: 'name', key: (a) => a.name },
    { id: 'issuer', label: 'Issuer', key: (a) => a.issuer?.name ?? null },
    { id: 'class', label: 'Class', key: (a) => a.assetClass },
    { id: 'marketCap', label: 'Market cap', phone: 'value', numeric: true, key: (a) => a.marketCap },
  ],
  filters: [
    { id: 'class', label: 'Class', values: (a) => [a.assetClass] },
    { id: 'chain', label: 'Chain', values: (a) => a.chains },
    { id: 'issuer', label: 'Issuer', values: (a) => (a.issuer ? [a.issuer.name] : []) },
  ],
  defaultSort: 'marketCap',
  defaultDir: 'desc',
};

export interface IssuerListRow {
  name: string;
  assetCount: number;
  totalMarketCap: number | null;
  classes: string[];
}

export const ISSUER_LIST: TableSpec<IssuerListRow> = {
  columns: [
    { id: 'name', label: 'Issuer', phone: 'name', key: (i) => i.name },
    { id: 'assets', label: 'Assets', phone: 'keep', numeric: true, key: (i) => i.assetCount },
    { id: 'marketCap', label: 'Total market cap', phone: 'value', numeric: true, key: (i) => i.totalMarketCap },
  ],
  filters: [{ id: 'class', label: 'Class', values: (i) => i.classes }],
  defaultSort: 'marketCap',
  defaultDir: 'desc',
};

export interface NetworkAssetRow {
  name: string;
  assetClass: string;
  valueOnChain: number | null;
  marketCap: number | null;
  /** The asset's issuer as the catalog names it, if it knows one. */
  issuer?: string | null;
}

/** The assets on a network page (its chain is the page's: the filters are the class and the issuer). */
export const NETWORK_ASSETS: TableSpec<NetworkAssetRow> = {
  columns: [
    { id: 'name', label: 'Asset', phone: 'name', key: (a) => a.name },
    { id: 'class', label: 'Class', key: (a) => a.assetClass },
    { id: 'value', label: 'Value on chain', phone: 'value', numeric: true, key: (a) => a.valueOnChain },
    { id: 'marketCap', label: 'Market cap (all chains)', numeric: true, key: (a) => a.marketCap },
  ],
  filters: [
    { id: 'class', label: 'Class', values: (a) => [a.assetClass] },
    { id: 'issuer', label: 'Issuer', values: (a) => (a.issuer ? [a.issuer] : []) },
  ],
  // Without a run no value on the chain is known: the ties keep the page's own order, by market cap.
  defaultSort: 'value',
  defaultDir: 'desc',
};

export interface IssuerAssetRow {
  name: string;
  assetClass: string;
  marketCap: number | null;
  /** The chains the catalog lists for the asset. */
  chains?: string[];
}

/** The assets of an issuer page (its issuer is the page's: the filters are the class and the chain). */
export const ISSUER_ASSETS: TableSpec<IssuerAssetRow> = {
  columns: [
    { id: 'name', label: 'Asset', phone: 'name', key: (a) => a.name },
    { id: 'class', label: 'Class', key: (a) => a.assetClass },
    { id: 'marketCap', label: 'Market cap', phone: 'value', numeric: true, key: (a) => a.marketCap },
  ],
  filters: [
    { id: 'class', label: 'Class', values: (a) => [a.assetClass] },
    { id: 'chain', label: 'Chain', values: (a) => a.chains ?? [] },
  ],
  defaultSort: 'marketCap',
  defaultDir: 'desc',
};

/**
 * A row of /networks' table: the network and its rank by value (the '#' column keeps it whatever the
 * sort), with the classes and issuers of the tracked assets the catalog lists on it (its filters).
 */
export type NetworkTableRow = Pick<Network, 'name' | 'rwaCount' | 'totalValue' | 'marketShare' | 'change30d'> & {
  rank: number;
  classes: string[];
  issuers: string[];
};

const num = (v: string | number | null) => (v === null || !Number.isFinite(Number(v)) ? null : Number(v));

/** The spec's network table columns, each sortable; the default is the spec's order, largest value first. */
export const NETWORK_TABLE: TableSpec<NetworkTableRow> = {
  columns: [
    { id: 'rank', label: '#', key: (n) => n.rank },
    { id: 'name', label: 'Name', phone: 'name', key: (n) => n.name },
    { id: 'assets', label: 'RWA Asset Count', numeric: true, key: (n) => n.rwaCount },
    { id: 'value', label: 'Total Value', phone: 'value', numeric: true, key: (n) => num(n.totalValue) },
    { id: 'share', label: 'Market Share (%)', numeric: true, key: (n) => n.marketShare },
    { id: 'change', label: '30d Change', phone: 'change', numeric: true, key: (n) => num(n.change30d) },
  ],
  filters: [
    { id: 'chain', label: 'Chain', values: (n) => [n.name] },
    { id: 'class', label: 'Class', values: (n) => n.classes },
    { id: 'issuer', label: 'Issuer', values: (n) => n.issuers },
  ],
  defaultSort: 'value',
  defaultDir: 'desc',
};
