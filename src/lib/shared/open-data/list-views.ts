/**
 * The sortable columns and filters of /assets and /issuers (src/lib/shared/table-view.ts): one
 * definition for each page's header links, its filter form and its downloads.
 */
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
    { id: 'name', label: 'Asset', key: (a) => a.name },
    { id: 'issuer', label: 'Issuer', key: (a) => a.issuer?.name ?? null },
    { id: 'class', label: 'Class', key: (a) => a.assetClass },
    { id: 'marketCap', label: 'Market cap', numeric: true, key: (a) => a.marketCap },
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
    { id: 'name', label: 'Issuer', key: (i) => i.name },
    { id: 'assets', label: 'Assets', numeric: true, key: (i) => i.assetCount },
    { id: 'marketCap', label: 'Total market cap', numeric: true, key: (i) => i.totalMarketCap },
  ],
  filters: [{ id: 'class', label: 'Class', values: (i) => i.classes }],
  defaultSort: 'marketCap',
  defaultDir: 'desc',
};
