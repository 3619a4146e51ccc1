import { describe, expect, it } from 'vitest';
import productsJson from '../../content/data/products.json';
import registryJson from '../../content/registry/registry.json';
import { figureLabel, registryNamesOf, snapshotDataset, valueOnNetwork } from '#lib/server/figures/snapshot-dataset.ts';
import { commodities, privateCredit, snapshot, stablecoins, treasuries } from '#lib/server/figures/asset-class-data.ts';
import { commoditiesFrom, privateCreditFrom } from '#lib/server/figures/asset-class-live.ts';
import { CLASS_PAGES, SPEC_FIXED_TEXTS } from '#lib/shared/spec-fixed.ts';

const registry = [
  { symbol: 'XAUt', name: 'Tether Gold', assetClass: 'Commodities', issuer: 'Tether' },
  { symbol: 'FDIT', name: 'Fidelity Digital Interest Token', assetClass: 'U.S. Treasuries', issuer: 'Fidelity' },
];
const file = (products: unknown[]) => ({ asOf: '2025-09-12', products });
const estimate = { kind: 'estimate', note: 'estimated' };

describe('the snapshot dataset', () => {
  it("takes a registered product's name, class and issuer from the registry, whatever the file says", () => {
    const d = snapshotDataset(
      file([{ symbol: 'FDIT', name: 'Fidelity Treasury Digital Fund', networks: ['Ethereum'], marketCap: 203.7e6, figure: estimate }]),
      registry,
    );
    expect(d.bySymbol.get('FDIT')).toMatchObject({ name: 'Fidelity Digital Interest Token', issuer: 'Fidelity', registered: true });
  });

  it('refuses a second spelling of a registered symbol, a product listed twice, and an unregistered product without its name', () => {
    const row = { networks: ['Ethereum'], marketCap: 1, figure: estimate };
    expect(() => snapshotDataset(file([{ symbol: 'XAUT', ...row }]), registry)).toThrow(/XAUT is spelled XAUt in the registry/);
    expect(() =>
      snapshotDataset(
        file([
          { symbol: 'XAUt', ...row },
          { symbol: 'XAUt', ...row },
        ]),
        registry,
      ),
    ).toThrow(/listed twice/);
    expect(() => snapshotDataset(file([{ symbol: 'KAG', ...row }]), registry)).toThrow(/KAG is not in the registry/);
    expect(() => snapshotDataset(file([{ symbol: 'XAUt', ...row, marketCap: -1 }]), registry)).toThrow(/products.json is not valid/);
  });

  it('gives a product its figure on a network only when it lived there alone', () => {
    const d = snapshotDataset(
      file([
        { symbol: 'FDIT', networks: ['Ethereum'], marketCap: 5, figure: estimate },
        { symbol: 'XAUt', networks: ['Ethereum', 'TRON'], marketCap: 7, figure: estimate },
      ]),
      registry,
    );
    expect(valueOnNetwork(d.bySymbol.get('FDIT')!, 'Ethereum')).toBe(5);
    expect(valueOnNetwork(d.bySymbol.get('FDIT')!, 'Solana')).toBeNull();
    expect(valueOnNetwork(d.bySymbol.get('XAUt')!, 'Ethereum')).toBeNull();
  });

  it('labels each figure: a dated public figure with its source, or an estimate with how it was made', () => {
    expect(figureLabel({ kind: 'public', date: '2025-09-12', source: 'X' })).toBe('public figure of 12 Sep 2025 (X)');
    expect(figureLabel({ kind: 'public', date: '2025-09', source: 'X' })).toBe('public figure of Sep 2025 (X)');
    expect(figureLabel({ kind: 'estimate', note: 'scaled' })).toBe('estimate: scaled');
  });

  it('in git: names no registered product a second time (the registry names it)', () => {
    const registered = new Set(registryNamesOf(registryJson).map((a) => a.symbol));
    const named = productsJson.products.filter((p) => registered.has(p.symbol) && ('name' in p || 'assetClass' in p || 'issuer' in p));
    expect(named.map((p) => p.symbol)).toEqual([]);
  });
});

describe('the class pages from the one dataset', () => {
  it('show each product with the figure and name of the dataset, and the cards and counts of the spec', () => {
    const rows = [...stablecoins.rows, ...treasuries.products, ...commodities.rows];
    for (const r of rows)
      expect(r, r.ticker).toMatchObject({
        name: snapshot.bySymbol.get(r.ticker)!.name,
        marketCap: snapshot.bySymbol.get(r.ticker)!.marketCap,
      });
    expect(stablecoins.total).toBe(CLASS_PAGES.stablecoins.total);
    expect(treasuries.cards).toEqual(CLASS_PAGES.treasuries.cards);
    // The loan book's product pools are the products: their name and principal, not a copy.
    const syrup = privateCredit.pools.find((p) => p.product === 'syrupUSDT')!;
    expect(syrup).toMatchObject({
      name: snapshot.bySymbol.get('syrupUSDT')!.name,
      principalOutstanding: snapshot.bySymbol.get('syrupUSDT')!.marketCap,
    });
    // Top Entities sum the listed products by issuer.
    const ondo = treasuries.topEntities.find((e) => e.protocol === 'Ondo')!;
    expect(ondo.marketCap).toBe(treasuries.products.filter((p) => p.issuer === 'Ondo').reduce((s, p) => s + p.marketCap, 0));
  });

  it("lists every fixed text once, each with its page, and the class pages' cards among them", () => {
    const keys = SPEC_FIXED_TEXTS.map((t) => `${t.page} ${t.place}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(SPEC_FIXED_TEXTS).toContainEqual({ page: '/networks', place: 'Total Stablecoin Market Cap card', text: '$278.04B +6.56%' });
    expect(SPEC_FIXED_TEXTS).toContainEqual({ page: '/private-credit', place: 'Pools table count', text: '60 Total' });
    expect(SPEC_FIXED_TEXTS).toContainEqual({ page: '/stablecoins', place: 'Stablecoins table count', text: '62 Total' });
  });
});

describe('private credit after a run', () => {
  const asset = (symbol: string, issuer: string, perChain: { network: string; value: number }[]) => ({
    symbol,
    name: `${symbol} token`,
    issuer,
    marketCap: perChain.reduce((s, c) => s + c.value, 0),
    counted: perChain.reduce((s, c) => s + c.value, 0),
    price: 1,
    networks: perChain.map((c) => c.network),
    perChain,
    holders: null,
    change24h: null,
  });

  it('shows the tracked products: a platform per issuer, a pool per product and chain; the spec keeps its cards and counts', () => {
    const page = privateCreditFrom({
      asOf: '2026-11-20',
      assets: [
        asset('syrupUSDC', 'Maple', [{ network: 'Ethereum', value: 300 }]),
        asset('ACRED', 'Apollo', [
          { network: 'Ethereum', value: 100 },
          { network: 'Solana', value: 50 },
        ]),
        asset('syrupUSDT', 'Maple', [{ network: 'Ethereum', value: 200 }]),
      ],
    });
    expect(page.asOf).toBe('2026-11-20');
    expect(page.cards).toEqual(CLASS_PAGES.privateCredit.cards);
    expect([page.platformsTotal, page.poolsTotal]).toEqual([9, 60]);
    expect(page.platforms).toEqual([
      { protocol: 'Maple', networks: ['Ethereum'], totalLoans: null, activeLoans: 500, avgBaseApy: null, defaultedAmount: null },
      { protocol: 'Apollo', networks: ['Ethereum', 'Solana'], totalLoans: null, activeLoans: 150, avgBaseApy: null, defaultedAmount: null },
    ]);
    expect(page.pools.map((p) => [p.product, p.network, p.principalOutstanding, p.apy])).toEqual([
      ['syrupUSDC', 'Ethereum', 300, null],
      ['ACRED', 'Ethereum', 100, null],
      ['ACRED', 'Solana', 50, null],
      ['syrupUSDT', 'Ethereum', 200, null],
    ]);
    expect(page.pools.some((p) => p.name === 'Figure HELOC Pool 2025-A')).toBe(false);
  });

  it("without a run is the snapshot's loan book itself", () => {
    expect(privateCreditFrom(null)).toBe(privateCredit);
  });
});

describe("the class pages' changes", () => {
  it("the snapshot's 24-hour changes are its synthetic detail, so the page marks them; a run's come from its published series", () => {
    expect(commodities.changeOrigin).toBe('illustrative');
    expect(commodities.rows.some((r) => r.change24h !== null)).toBe(true);
    const gold = {
      symbol: 'AU',
      name: 'Gold',
      issuer: 'Vault Co',
      marketCap: 110,
      counted: 110,
      price: 1,
      networks: ['Ethereum'],
      perChain: [{ network: 'Ethereum', value: 110 }],
      holders: null,
      change24h: 10,
    };
    const live = commoditiesFrom({ asOf: '2026-11-10', assets: [gold, { ...gold, symbol: 'AG', change24h: null }] });
    expect(live.changeOrigin).toBe('live');
    expect(live.rows.map((r) => r.change24h)).toEqual([10, null]);
  });
});
