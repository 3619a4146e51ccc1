import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyTableView, ariaSort, readTableView, sortHref, tableControls, tableState, tableViewQuery } from '#lib/shared/table-view.ts';
import { ASSET_LIST, NETWORK_TABLE, type AssetListRow, type NetworkTableRow } from '#lib/shared/open-data/list-views.ts';

const row = (name: string, assetClass: string, marketCap: number | null, issuer: string | null, chains: string[]): AssetListRow => ({
  name,
  symbol: name.toUpperCase(),
  assetClass,
  marketCap,
  issuer: issuer === null ? null : { name: issuer },
  chains,
});
const rows = [
  row('Beta', 'U.S. Treasuries', 5, 'Circle', ['Ethereum']),
  row('alpha', 'Stablecoins', null, null, ['Ethereum', 'Solana']),
  row('Gamma', 'U.S. Treasuries', 9, 'BlackRock', ['Polygon']),
  row('Delta', 'Stablecoins', 1, 'Circle', ['Solana']),
];
const names = (list: AssetListRow[]) => list.map((r) => r.name);
const view = (query: string) => readTableView(ASSET_LIST, rows, new URLSearchParams(query));

describe('table view (sort and filter in the URL)', () => {
  it('defaults to market cap, largest first, unknown last, and keeps the default URL clean', () => {
    expect(names(applyTableView(ASSET_LIST, rows, view('')))).toEqual(['Gamma', 'Beta', 'Delta', 'alpha']);
    expect(tableViewQuery(ASSET_LIST, view(''))).toEqual({});
  });

  it('sorts by a column either way, text without regard to case, unknown last both ways', () => {
    expect(names(applyTableView(ASSET_LIST, rows, view('sort=name&dir=asc')))).toEqual(['alpha', 'Beta', 'Delta', 'Gamma']);
    expect(names(applyTableView(ASSET_LIST, rows, view('sort=name&dir=desc')))).toEqual(['Gamma', 'Delta', 'Beta', 'alpha']);
    expect(names(applyTableView(ASSET_LIST, rows, view('sort=marketCap&dir=asc')))).toEqual(['Delta', 'Beta', 'Gamma', 'alpha']);
    expect(names(applyTableView(ASSET_LIST, rows, view('sort=issuer&dir=desc')))).toEqual(['Beta', 'Delta', 'Gamma', 'alpha']);
  });

  it('filters by class, chain and issuer slugs, together', () => {
    expect(names(applyTableView(ASSET_LIST, rows, view('class=u-s-treasuries')))).toEqual(['Gamma', 'Beta']);
    expect(names(applyTableView(ASSET_LIST, rows, view('chain=solana&sort=name&dir=asc')))).toEqual(['alpha', 'Delta']);
    expect(names(applyTableView(ASSET_LIST, rows, view('issuer=circle&class=stablecoins')))).toEqual(['Delta']);
  });

  it('falls back to the defaults on bad values and echoes nothing unknown', () => {
    const bad = view('sort=%3Cscript%3E&dir=up&class=nope&chain=&issuer=x'.repeat(2));
    expect(bad).toEqual({ sort: 'marketCap', dir: 'desc', filters: { class: '', chain: '', issuer: '' } });
    expect(tableViewQuery(ASSET_LIST, bad)).toEqual({});
    // A column without dir starts text A to Z and numbers largest first.
    expect(view('sort=name').dir).toBe('asc');
  });

  it('header links toggle the direction and keep the filters; only the sorted header has aria-sort', () => {
    const v = view('class=stablecoins');
    expect(sortHref(ASSET_LIST, '/assets', v, 'marketCap', 't')).toBe('/assets?sort=marketCap&dir=asc&class=stablecoins#t');
    expect(sortHref(ASSET_LIST, '/assets', v, 'name', 't')).toBe('/assets?sort=name&dir=asc&class=stablecoins#t');
    expect(sortHref(ASSET_LIST, '/assets', view('sort=name&dir=asc'), 'name', 't')).toBe('/assets?sort=name&dir=desc#t');
    expect(ariaSort(v, 'marketCap')).toBe('descending');
    expect(ariaSort(v, 'name')).toBeUndefined();
  });

  it("keeps the page's other query pairs (a history range) in the header links", () => {
    expect(sortHref(ASSET_LIST, '/networks/x', view(''), 'name', 't', { range: '30d' })).toBe('/networks/x?range=30d&sort=name&dir=asc#t');
  });

  it('tableState gives the rows, the query the downloads carry and the filter choices, in one call', () => {
    const state = tableState(ASSET_LIST, rows, new URLSearchParams('sort=name&dir=asc&chain=solana'));
    expect(names(state.rows)).toEqual(['alpha', 'Delta']);
    expect(state.query).toEqual({ sort: 'name', dir: 'asc', chain: 'solana' });
    expect(state.options.issuer.map((o) => o.label)).toEqual(['BlackRock', 'Circle']);
  });
});

describe('the networks table', () => {
  const net = (rank: number, name: string, totalValue: string, change30d: string | null): NetworkTableRow => ({
    rank,
    name,
    rwaCount: 10 - rank,
    totalValue,
    marketShare: 10 / rank,
    change30d,
    classes: rank === 1 ? ['Stablecoins', 'U.S. Treasuries'] : ['Stablecoins'],
    issuers: rank === 3 ? [] : ['Circle'],
  });
  const nets = [net(1, 'Ethereum', '10200000000', '-1.5'), net(2, 'ZKsync Era', '2300000000', null), net(3, 'Aptos', '550000000', '21.38')];
  const order = (q: string) => tableState(NETWORK_TABLE, nets, new URLSearchParams(q)).rows.map((n) => n.name);

  it("defaults to the spec's order, largest value first, with a clean URL", () => {
    expect(order('')).toEqual(['Ethereum', 'ZKsync Era', 'Aptos']);
    expect(tableState(NETWORK_TABLE, nets, new URLSearchParams('')).query).toEqual({});
  });

  it('sorts by each column: value strings as numbers, an unknown change last both ways, # by rank', () => {
    expect(order('sort=value&dir=asc')).toEqual(['Aptos', 'ZKsync Era', 'Ethereum']);
    expect(order('sort=change&dir=desc')).toEqual(['Aptos', 'Ethereum', 'ZKsync Era']);
    expect(order('sort=change&dir=asc')).toEqual(['Ethereum', 'Aptos', 'ZKsync Era']);
    expect(order('sort=name')).toEqual(['Aptos', 'Ethereum', 'ZKsync Era']);
    expect(order('sort=rank&dir=desc')).toEqual(['Aptos', 'ZKsync Era', 'Ethereum']);
  });

  it('filters by the chain itself and by the classes and issuers of the assets on it, keeping the sort', () => {
    expect(order('class=u-s-treasuries')).toEqual(['Ethereum']);
    expect(order('issuer=circle&sort=name')).toEqual(['Ethereum', 'ZKsync Era']);
    expect(order('chain=aptos')).toEqual(['Aptos']);
    expect(order('issuer=nobody')).toEqual(['Ethereum', 'ZKsync Era', 'Aptos']);
  });
});

describe('the controls of a sortable table, wired once', () => {
  const PREFIXED = { ...ASSET_LIST, prefix: 'platforms-' };

  it("names a prefixed table's filters, kept sort and sort links with its prefix", () => {
    const state = tableState(PREFIXED, rows, new URLSearchParams('platforms-sort=name&platforms-dir=asc&sort=other'));
    const c = tableControls(PREFIXED, state, '/x', 'platforms', { range: '1y' });
    expect(c.form.filters.map((f) => f.name)).toEqual(PREFIXED.filters.map((f) => `platforms-${f.id}`));
    expect(c.form.carry).toEqual({ range: '1y', 'platforms-sort': 'name', 'platforms-dir': 'asc' });
    const name = c.headers.find((h) => h.id === 'name')!;
    expect(name.sort).toBe('ascending');
    expect(name.href).toContain('platforms-sort=name');
    expect(name.href).toContain('range=1y');
  });

  it('is the one wiring: no component builds sort links or filter names itself', () => {
    const wiring = /\b(sortHref|ariaSort|sortQuery|queryName)\(/;
    const own = [...files('src/components'), ...files('src/pages')].filter((f) => wiring.test(readFileSync(f, 'utf8')));
    expect(own).toEqual([]);
  });
});

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true }))
    if (e.isDirectory()) yield* files(join(dir, e.name));
    else if (/\.(ts|tsx|astro)$/.test(e.name)) yield join(dir, e.name);
}
