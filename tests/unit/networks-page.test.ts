/**
 * /networks' build, a pure step from its reads and the query: the snapshot's cards are the spec's
 * fixed figures and a live run's its own, a missing network list shows as a dash (never 0), the
 * table sorts and filters by the query with '#' kept as the rank by value, a class or issuer filter
 * follows the catalog's assets on each chain, and the download has /api/networks' columns in the
 * table's order.
 */
import { describe, expect, it } from 'vitest';
import { buildNetworksPage, networksCards, NETWORKS_DOWNLOAD_COLUMNS, type NetworksReads } from '#lib/server/open-data/networks-page.ts';
import { NETWORKS_STABLECOIN_CARD } from '#lib/shared/spec-fixed.ts';

const AS_OF = '2026-11-24';

const overview = (over: Partial<NetworksReads['overview']> = {}): NetworksReads['overview'] => ({
  totalRWAValue: '2500000000',
  totalAssetHolders: 12,
  totalRWAHolders: 10,
  totalAssetIssuers: 3,
  totalStablecoinValue: '300000000000',
  asOf: AS_OF,
  changes30d: { totalRWAValue: 1, totalAssetHolders: null, totalStablecoinValue: 2 },
  basis: { totalRWAValue: 'the tracked products', totalStablecoinValue: 'the whole market' },
  origin: 'live',
  ...over,
});

const network = (name: string, totalValue: string) => ({
  id: name.toLowerCase(),
  name,
  iconUrl: null,
  rwaCount: 1,
  totalValue,
  marketShare: 10,
  change30d: null,
  origin: 'live' as const,
  change30dOrigin: 'live' as const,
});

const reads = (over: Partial<NetworksReads> = {}): NetworksReads =>
  ({
    overview: overview(),
    networks: [network('Ethereum', '900'), network('Solana', '500'), network('Polygon', '100')],
    series: [],
    runState: { published: true, lastStatus: 'published' },
    catalog: {
      assets: [
        { chains: ['Ethereum', 'Polygon'], assetClass: 'U.S. Treasuries', issuer: { name: 'BlackRock' } },
        { chains: ['Solana'], assetClass: 'Stablecoins', issuer: { name: 'Circle' } },
      ],
    },
    ...over,
  }) as NetworksReads;

describe('the /networks cards', () => {
  it('live: its own totals, in billions at scale, with the networks counted', () => {
    expect(networksCards(overview(), 3).map((c) => [c.title, c.value])).toEqual([
      ['Total RWA Value', '$2.50B'],
      ['Total RWA Holders', '10'],
      ['Total Networks', '3'],
      ['Total Stablecoin Market Cap', '$300.00B'],
    ]);
  });

  it('the snapshot: the spec’s fixed stablecoin card without a basis; no network list is a dash, never 0', () => {
    const cards = networksCards(overview({ changes30d: undefined, origin: 'snapshot' }), null);
    expect(cards[3]).toMatchObject({ value: NETWORKS_STABLECOIN_CARD, note: undefined });
    expect(cards[2].value).toBe('—');
  });
});

describe('the /networks table and its download', () => {
  it('sorts by the query, keeps # as the rank by value, and downloads the spec’s columns in that order', () => {
    const page = buildNetworksPage(reads(), new URLSearchParams('sort=name&dir=asc'), AS_OF);
    expect(page.table.rows.map((n) => [n.rank, n.name])).toEqual([
      [1, 'Ethereum'],
      [3, 'Polygon'],
      [2, 'Solana'],
    ]);
    expect(page.download.map((n) => n.name)).toEqual(['Ethereum', 'Polygon', 'Solana']);
    expect(Object.keys(page.download[0]).sort()).toEqual([...NETWORKS_DOWNLOAD_COLUMNS].sort());
  });

  it('filters by class and issuer through the catalog’s assets on each chain', () => {
    const all = buildNetworksPage(reads(), new URLSearchParams(), AS_OF);
    expect(all.table.options.class).toEqual([
      { value: 'stablecoins', label: 'Stablecoins' },
      { value: 'u-s-treasuries', label: 'U.S. Treasuries' },
    ]);
    const byClass = buildNetworksPage(reads(), new URLSearchParams('class=u-s-treasuries'), AS_OF);
    expect(byClass.table.rows.map((n) => n.name)).toEqual(['Ethereum', 'Polygon']);
    const byIssuer = buildNetworksPage(reads(), new URLSearchParams('issuer=circle'), AS_OF);
    expect(byIssuer.table.rows.map((n) => n.name)).toEqual(['Solana']);
  });

  it('without the networks (a failed optional read): an empty table, the pie left to fetch them, the count a dash', () => {
    const page = buildNetworksPage(reads({ networks: null }), new URLSearchParams(), AS_OF);
    expect(page.table.rows).toEqual([]);
    expect(page.distribution).toBeNull();
    expect(page.cards[2].value).toBe('—');
  });

  it('without the catalog (a failed optional read): no class or issuer to choose, and a class in the query is read as none', () => {
    const page = buildNetworksPage(reads({ catalog: null }), new URLSearchParams('class=u-s-treasuries'), AS_OF);
    expect(page.table.options.class).toEqual([]);
    expect(page.table.view.filters.class).toBe('');
    expect(page.table.rows).toHaveLength(3);
  });
});
