import { describe, expect, it } from 'vitest';
import { ariaSort, sortHref, tableState } from '#lib/shared/table-view.ts';
import { COMMODITY_TABLE, CREDIT_PLATFORMS, CREDIT_POOLS, TREASURY_ENTITIES } from '#lib/shared/open-data/class-tables.ts';
import { commodities, privateCredit, treasuries } from '#lib/server/figures/asset-class-data.ts';

/**
 * The class pages' tables on the snapshot's own rows: every column sorts, the filters
 * are the chain and the issuer column's, and a table in no column's order keeps it by default.
 */
const q = (query: string) => new URLSearchParams(query);

describe('the class tables', () => {
  it("a table whose rows come in no column's order keeps it by default, with a clean URL and no aria-sort", () => {
    const state = tableState(CREDIT_POOLS, privateCredit.pools, q(''));
    expect(state.rows).toEqual(privateCredit.pools);
    expect(state.query).toEqual({});
    for (const c of CREDIT_POOLS.columns) expect(ariaSort(state.view, c.id)).toBeUndefined();
    // A direction alone turns nothing round and is not echoed back.
    const dirOnly = tableState(CREDIT_POOLS, privateCredit.pools, q('dir=desc'));
    expect(dirOnly.rows).toEqual(privateCredit.pools);
    expect(dirOnly.query).toEqual({});
    // The first click on a number sorts largest first; on text, A to Z.
    expect(sortHref(CREDIT_POOLS, '/private-credit', state.view, 'principal', 'pools-table')).toBe(
      '/private-credit?sort=principal&dir=desc#pools-table',
    );
    expect(sortHref(CREDIT_POOLS, '/private-credit', state.view, 'name', 'pools-table')).toBe(
      '/private-credit?sort=name&dir=asc#pools-table',
    );
  });

  it('sorts the pools by each column either way, and filters them by network and platform together', () => {
    for (const c of CREDIT_POOLS.columns) {
      const asc = tableState(CREDIT_POOLS, privateCredit.pools, q(`sort=${c.id}&dir=asc`)).rows.map(c.key);
      const desc = tableState(CREDIT_POOLS, privateCredit.pools, q(`sort=${c.id}&dir=desc`)).rows.map(c.key);
      const cmp = (a: string | number | null, b: string | number | null) =>
        typeof a === 'number' && typeof b === 'number'
          ? a - b
          : String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
      expect(asc, c.id).toEqual([...asc].sort(cmp));
      expect([...desc].reverse().map(String).sort(), c.id).toEqual(asc.map(String).sort());
      expect(desc, c.id).toEqual([...desc].sort((a, b) => cmp(b, a)));
    }
    const maple = tableState(CREDIT_POOLS, privateCredit.pools, q('chain=ethereum&issuer=maple&sort=principal'));
    expect(maple.rows.length).toBeGreaterThan(0);
    expect(maple.rows.every((p) => p.network === 'Ethereum' && p.platform === 'Maple')).toBe(true);
    expect(maple.rows.length).toBe(privateCredit.pools.filter((p) => p.network === 'Ethereum' && p.platform === 'Maple').length);
    expect(maple.query).toEqual({ sort: 'principal', dir: 'desc', chain: 'ethereum', issuer: 'maple' });
  });

  it("keeps the rank in '#' whatever the sort: Top Entities and the commodities sort by rank by default", () => {
    expect(tableState(TREASURY_ENTITIES, treasuries.topEntities, q('')).rows.map((e) => e.rank)).toEqual([1, 2, 3, 4]);
    const byName = tableState(TREASURY_ENTITIES, treasuries.topEntities, q('entities-sort=protocol'));
    expect(byName.view.dir).toBe('asc');
    expect(byName.rows.map((e) => e.protocol)).toEqual(treasuries.topEntities.map((e) => e.protocol).sort((a, b) => a.localeCompare(b)));
    const cheapest = tableState(COMMODITY_TABLE, commodities.rows, q('sort=price&dir=asc')).rows;
    expect(cheapest.map((r) => r.price)).toEqual(commodities.rows.map((r) => r.price).sort((a, b) => a - b));
    expect(tableState(COMMODITY_TABLE, commodities.rows, q('')).rows).toEqual(commodities.rows);
  });

  it('offers the issuer filter under the table’s own column name, and falls back on an unknown value', () => {
    expect(TREASURY_ENTITIES.filters.map((f) => [f.id, f.label])).toEqual([['issuer', 'Protocol']]);
    expect(CREDIT_POOLS.filters.map((f) => [f.id, f.label])).toEqual([
      ['chain', 'Chain'],
      ['issuer', 'Platform'],
    ]);
    const state = tableState(TREASURY_ENTITIES, treasuries.topEntities, q('issuer=<script>&sort=nope&dir=sideways'));
    expect(state.rows).toEqual(treasuries.topEntities);
    expect(state.query).toEqual({});
    expect(state.options.issuer.map((o) => o.label)).toEqual(
      treasuries.topEntities.map((e) => e.protocol).sort((a, b) => a.localeCompare(b)),
    );
  });

  it("a page's second table reads and writes only its own prefixed names, and its links keep the other's view", () => {
    const query = q('sort=principal&dir=desc&chain=ethereum&platforms-sort=protocol&platforms-issuer=maple');
    const platforms = tableState(CREDIT_PLATFORMS, privateCredit.platforms, query);
    expect(platforms.view).toEqual({ sort: 'protocol', dir: 'asc', filters: { chain: '', issuer: 'maple' } });
    expect(platforms.rows.map((p) => p.protocol)).toEqual(['Maple']);
    expect(platforms.query).toEqual({ 'platforms-sort': 'protocol', 'platforms-dir': 'asc', 'platforms-issuer': 'maple' });
    const pools = tableState(CREDIT_POOLS, privateCredit.pools, query);
    expect(pools.view).toEqual({ sort: 'principal', dir: 'desc', filters: { chain: 'ethereum', issuer: '' } });
    expect(pools.query).toEqual({ sort: 'principal', dir: 'desc', chain: 'ethereum' });
    expect(sortHref(CREDIT_PLATFORMS, '/private-credit', platforms.view, 'totalLoans', 'platforms-table', pools.query)).toBe(
      '/private-credit?sort=principal&dir=desc&chain=ethereum&platforms-sort=totalLoans&platforms-dir=desc&platforms-issuer=maple#platforms-table',
    );
  });
});
