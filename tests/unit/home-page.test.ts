/**
 * The home page's build, a pure step from its reads: the cards say unknown rather than $0 and name
 * what they count, Latest News falls back to marked sample headlines, the asset lists split by
 * class, the league table takes the top ten, the chart says what its stack leaves out, and the
 * illustrative marks follow the origins of what each section shows.
 */
import { describe, expect, it } from 'vitest';
import { buildHomePage, homeCards, homeNews, type HomeReads } from '#lib/server/open-data/home-page.ts';
import { HOME_CARD_CHANGES } from '#lib/shared/spec-fixed.ts';

const AS_OF = '2026-11-24';
const NOW = new Date('2026-11-24T12:00:00Z');

const overview = (over: Partial<HomeReads['overview']> = {}): HomeReads['overview'] => ({
  totalRWAValue: '1000000',
  totalAssetHolders: 12,
  totalRWAHolders: 10,
  totalAssetIssuers: 3,
  totalStablecoinValue: '500000',
  asOf: AS_OF,
  changes30d: { totalRWAValue: 2.5, totalAssetHolders: null, totalStablecoinValue: -1 },
  basis: { totalRWAValue: 'the tracked products', totalStablecoinValue: 'the whole market' },
  origin: 'live',
  ...over,
});

const asset = (symbol: string, assetClass: string) => ({
  symbol,
  name: `${symbol} fund`,
  assetClass,
  marketCap: '100',
  change7d: null,
  origin: 'live' as const,
  change7dOrigin: 'live' as const,
});

const network = (i: number) => ({
  id: `net-${i}`,
  name: `Net ${i}`,
  rwaValue: String(1000 - i),
  change30d: i === 0 ? 4.2 : null,
  change30dOrigin: 'illustrative' as const,
});

function reads(over: Partial<HomeReads> = {}): HomeReads {
  return {
    overview: overview(),
    chartData: [],
    assets: [asset('BUIDL', 'U.S. Treasuries'), asset('USDC', 'Stablecoins'), asset('PAXG', 'Commodities')],
    networks: Array.from({ length: 12 }, (_, i) => network(i)),
    transfers: [],
    news: null,
    nextScheduled: null,
    runState: { published: true, lastStatus: 'published' },
    stackedTwice: 0,
    ...over,
  } as HomeReads;
}

describe('the home cards', () => {
  it('live: each figure with its change and what it counts', () => {
    const cards = homeCards(overview(), 4);
    expect(cards.map((c) => [c.title, c.value, c.change ?? null])).toEqual([
      ['Total RWA Onchain', '$1.00M', '+2.50%'],
      ['Total Asset Holders', '12', ''],
      ['Total Asset Issuers', '3', null],
      ['Total Stablecoin Value', '$500.00K', '-1.00%'],
    ]);
    expect(cards[0].note).toBe('the tracked products');
    expect(cards[2].note).toBe('issuers with a tracked asset in the published run; 4 listed on Issuers');
    expect(cards[3].note).toBe('the whole market');
  });

  it('the snapshot: the spec’s fixed changes, and an unknown figure is unknown, never $0', () => {
    const cards = homeCards(overview({ origin: 'snapshot', changes30d: undefined, totalRWAValue: null }), null);
    expect(cards[0]).toMatchObject({ value: 'unknown', change: HOME_CARD_CHANGES.totalRWAValue });
    expect(cards[2].note).toBe('issuers in the market (public estimate)');
  });
});

describe('Latest News', () => {
  it('the published posts, newest first as read, each linking to its page', () => {
    const news = homeNews(
      [{ id: 7, title: 'A post', slug: 'a-post', excerpt: 'Ex', publishedAt: '2026-11-20T10:00:00.000Z' }] as unknown as HomeReads['news'],
      NOW,
    );
    expect(news.sample).toBe(false);
    expect(news.items).toEqual([expect.objectContaining({ id: 7, title: 'A post', href: '/blog/a-post', excerpt: 'Ex' })]);
  });

  it('no posts, or a failed read: sample headlines, marked as samples', () => {
    for (const none of [null, []] as HomeReads['news'][]) {
      const news = homeNews(none, NOW);
      expect(news.sample).toBe(true);
      expect(news.items.length).toBeGreaterThan(0);
      expect(news.items.every((n) => Date.parse(n.date) < NOW.getTime())).toBe(true);
    }
  });
});

describe('the page', () => {
  it('splits the asset lists by class, links each asset and network, and takes the top ten networks', () => {
    const page = buildHomePage(reads(), { now: NOW, today: AS_OF });
    expect(page.treasuries.map((a) => a.symbol)).toEqual(['BUIDL']);
    expect(page.stablecoins.map((a) => a.symbol)).toEqual(['USDC']);
    expect(page.assetIds).toEqual({ BUIDL: 'buidl', USDC: 'usdc', PAXG: 'paxg' });
    expect(page.leagueNetworks?.map((n) => n.id)).toEqual(Array.from({ length: 10 }, (_, i) => `net-${i}`));
    expect(page.networkIds['Net 11']).toBe('net-11');
    expect(page.age).toMatchObject({ days: 0, words: 'from today', note: null });
    expect(buildHomePage(reads(), { now: NOW, today: '2026-11-27' }).age).toMatchObject({ days: 3 });
  });

  it('without the networks (a failed optional read): no league rows, the table fetches them itself', () => {
    const page = buildHomePage(reads({ networks: null }), { now: NOW, today: AS_OF });
    expect(page.leagueNetworks).toBeNull();
    expect(page.networkIds).toEqual({});
    expect(page.illustrative.league).toBeNull();
  });

  it('says what the stack leaves out only when it leaves something out', () => {
    expect(buildHomePage(reads({ stackedTwice: 0 }), { now: NOW, today: AS_OF }).stackedTwice).toBeNull();
    expect(buildHomePage(reads({ stackedTwice: null }), { now: NOW, today: AS_OF }).stackedTwice).toBeNull();
    expect(buildHomePage(reads({ stackedTwice: 1234.5 }), { now: NOW, today: AS_OF }).stackedTwice).toBe(1234.5);
  });

  it('marks a section illustrative when what it shows is: the league’s 30-day changes here, not the live chart', () => {
    const page = buildHomePage(reads({ chartData: [{ origin: 'live' }] as HomeReads['chartData'] }), { now: NOW, today: AS_OF });
    expect(page.illustrative).toEqual({ chart: null, transfers: null, league: { asOf: AS_OF, what: '30-day changes' } });
  });
});
