import { describe, expect, it } from 'vitest';
import { canonicalQuery, declaredNames, hasTableViews, ROUTE_PARAMS } from '#lib/shared/route-params.ts';
import { readTableView } from '#lib/shared/table-view.ts';
import { STABLECOIN_TABLE } from '#lib/shared/open-data/class-tables.ts';

describe('canonicalQuery: one form per view', () => {
  it('drops unknown parameters, and a route that declares none keeps no query', () => {
    expect(canonicalQuery('/stablecoins', '?utm_source=x&fbclid=1')).toBe('');
    expect(canonicalQuery('/sources', '?sort=name')).toBe('');
    expect(canonicalQuery('/blog/a-post', '?page=2')).toBe('');
    expect(canonicalQuery('/', '?')).toBe('');
  });

  it('reads a repeated parameter once (its first value, as the page reads it), in one order', () => {
    const forms = [
      '?league=issuers&period=30',
      '?period=30&league=issuers',
      '?period=30&league=issuers&league=protocols',
      '?junk=1&period=30&period=90&league=issuers&x=%ff',
    ];
    for (const f of forms) expect(canonicalQuery('/', f), f).toBe('?league=issuers&period=30');
  });

  it('folds case where the value is case-free, and drops defaults and unusable values', () => {
    expect(canonicalQuery('/', '?league=ISSUERS&Stablecoins=1')).toBe('?league=issuers');
    expect(canonicalQuery('/', '?league=networks&period=7&range=0-100k&stablecoins=0')).toBe('');
    expect(canonicalQuery('/', '?range=10M%2B')).toBe('?range=10m%2B');
    expect(canonicalQuery('/stablecoins', '?sort=PRICE&dir=ASC')).toBe('?dir=asc&sort=price');
    expect(canonicalQuery('/stablecoins', '?sort=nope&dir=sideways')).toBe('');
    expect(canonicalQuery('/alerts', '?asset=USDC&network=<script>')).toBe('?asset=usdc');
    // The /alerts form sends every field; an "All" left empty is no filter.
    expect(canonicalQuery('/alerts', '?asset=&class=stablecoins&network=')).toBe('?class=stablecoins');
    expect(canonicalQuery('/search', '?q=%20%20treasury%20%20bills%20')).toBe('?q=treasury+bills');
  });

  it('keeps what an API route must see to refuse it (a 400 stays a 400)', () => {
    expect(canonicalQuery('/api/alerts', '?asset=<b>&zzz=1')).toBe('?asset=%3Cb%3E');
    expect(canonicalQuery('/api/networks', '?format=xml&download&limit=5&limit=6')).toBe('?download=&format=xml&limit=5');
    expect(canonicalQuery('/api/assets/usdc/history', '?from=2025-01-01&junk=2')).toBe('?from=2025-01-01');
  });

  it('a sorted table reads the same view from the canonical query as from any spelling of it', () => {
    const sort = STABLECOIN_TABLE.columns.find((c) => c.id !== STABLECOIN_TABLE.defaultSort)!.id;
    const raw = new URLSearchParams(`sort=${sort.toUpperCase()}&dir=Asc&junk=1`);
    const canonical = new URLSearchParams(canonicalQuery('/stablecoins', `?${raw.toString()}`));
    expect(readTableView(STABLECOIN_TABLE, [], canonical)).toEqual(readTableView(STABLECOIN_TABLE, [], raw));
    expect(readTableView(STABLECOIN_TABLE, [], canonical).sort).toBe(sort);
  });

  it('every declared pattern is a route under src/pages', async () => {
    const { readdirSync } = await import('node:fs');
    const files = readdirSync('src/pages', { recursive: true }).map(String);
    const routes = new Set(
      files
        .map(
          (f) =>
            '/' +
            f
              .replace(/\\/g, '/')
              .replace(/\.(astro|ts)$/, '')
              .replace(/(^|\/)index$/, ''),
        )
        .map((r) => (r === '/' ? r : r.replace(/\/$/, ''))),
    );
    for (const pattern of Object.keys(ROUTE_PARAMS)) expect(routes, pattern).toContain(pattern);
  });

  it('names every parameter a key can keep (what the CDN keys on), and none a route does not read', () => {
    // Each name a view of the page can keep in its key (sort, direction, every filter, the download format).
    const kept = new URLSearchParams(canonicalQuery('/assets', '?sort=name&dir=asc&class=a&chain=b&issuer=c&format=csv'));
    expect([...kept.keys()].sort()).toEqual(declaredNames('/assets'));
    expect(declaredNames('/assets')).toEqual(['chain', 'class', 'dir', 'format', 'issuer', 'sort']);
    // A page with two tables: each table's names, prefixed for the second.
    expect(declaredNames('/treasuries')).toEqual(expect.arrayContaining(['sort', 'dir', 'entities-sort', 'entities-dir']));
    expect(declaredNames('/alerts')).toEqual(['asset', 'class', 'network']);
    expect(declaredNames('/networks/ethereum')).toContain('range');
    expect(declaredNames('/sources')).toEqual([]);
  });

  it("knows the pages whose views sort and filter a table (they share the plain page's reads)", () => {
    for (const path of ['/assets', '/issuers/blackrock', '/networks', '/networks/ethereum', '/stablecoins', '/private-credit'])
      expect(hasTableViews(path), path).toBe(true);
    // Their views read something else: a period's transfers, the events matching a filter, another search.
    for (const path of ['/', '/alerts', '/search', '/sources', '/api/assets']) expect(hasTableViews(path), path).toBe(false);
  });
});
