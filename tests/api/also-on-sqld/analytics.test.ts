import { describe, expect, inject, it } from 'vitest';
import { api } from '../../support/http.ts';
import { NETWORK_METRICS } from '#lib/shared/analytics-types.ts';

const base = inject('baseUrl');
const AS_OF = '2025-09-12';
const CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400';
const numericString = expect.stringMatching(/^-?\d+(\.\d+)?$/);

async function getJson(path: string, status = 200) {
  const res = await api(base, path);
  expect(res.status, `${path} -> ${res.status}`).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  if (status === 200) expect(res.headers.get('cache-control')).toBe(CACHE);
  return res.json();
}

/** First day (inclusive) of a window of `days` calendar days ending with the as-of date. */
const windowStart = (days: number) => new Date(Date.parse(AS_OF + 'T00:00:00Z') - (days - 1) * 86_400_000).toISOString().slice(0, 10);
const END = '2025-09-13';

describe('GET /api/market-overview', () => {
  it('gives both holder field names, numeric strings for money, and the as-of date', async () => {
    const o = await getJson('/api/market-overview');
    expect(o).toEqual({
      totalRWAValue: numericString,
      totalAssetHolders: expect.any(Number),
      totalRWAHolders: expect.any(Number),
      totalAssetIssuers: expect.any(Number),
      totalStablecoinValue: numericString,
      asOf: AS_OF,
      // added beside the spec's fields: the snapshot's dated figures, and what each total counts
      basis: {
        totalRWAValue: expect.stringMatching(/^the whole market on 12 Sep 2025 \(PANews\)/),
        totalStablecoinValue: expect.stringMatching(/^the whole market on 12 Sep 2025/),
      },
      origin: 'snapshot',
    });
    expect(o.totalAssetHolders).toBe(o.totalRWAHolders);
    expect(Number(o.totalRWAValue)).toBeCloseTo(29.02e9, -7);
    expect(Number(o.totalStablecoinValue)).toBeCloseTo(278.14e9, -7);
  });
});

describe('GET /api/chart-data', () => {
  it('lists every field of a chart data point as numeric strings in billions, oldest first, ending at the as-of date', async () => {
    const points = await getJson('/api/chart-data');
    expect(points.length).toBeGreaterThanOrEqual(24);
    for (const p of points) {
      expect(Object.keys(p).sort()).toEqual(
        [
          'date',
          'privateCredit',
          'usTreasuryDebt',
          'commodities',
          'institutionalFunds',
          'stocks',
          'governmentDebt',
          'managedStrategies',
          'corporateBonds',
          'stablecoins',
          // added beside the spec's fields
          'origin',
          'source',
        ].sort(),
      );
      for (const [k, v] of Object.entries(p)) if (!['date', 'origin', 'source'].includes(k)) expect(v).toEqual(numericString);
      // Before any run, only the as-of point is a dated figure; the months before it are synthetic detail.
      expect(p).toMatchObject({ origin: p.date === AS_OF ? 'snapshot' : 'illustrative', source: null });
    }
    const dates = points.map((p: { date: string }) => p.date);
    expect([...dates].sort()).toEqual(dates);
    const last = points.at(-1);
    expect(last.date).toBe(AS_OF);
    expect(last.usTreasuryDebt).toBe('7.41');
    expect(last.stablecoins).toBe('278.14');
    const total = [
      'privateCredit',
      'usTreasuryDebt',
      'commodities',
      'institutionalFunds',
      'stocks',
      'governmentDebt',
      'managedStrategies',
      'corporateBonds',
    ].reduce((s, k) => s + Number(last[k]), 0);
    expect(total).toBeCloseTo(29.02, 1);
  });
});

describe('GET /api/assets', () => {
  it('lists assets with numeric-string market caps and 7-day changes, incl. treasuries and stablecoins', async () => {
    const assets = await getJson('/api/assets');
    for (const a of assets) {
      expect(a).toEqual({
        symbol: expect.any(String),
        name: expect.any(String),
        assetClass: expect.any(String),
        marketCap: numericString,
        // The snapshot's synthetic change where it has one, else unknown (null, never 0).
        change7d: a.change7d === null ? null : numericString,
        // added by the open-data pages: the spec's fields above are unchanged
        id: expect.stringMatching(/^[a-z0-9.-]+$/),
        url: `/assets/${a.id}`,
        // added beside the spec's fields: the snapshot's market cap, its synthetic 7-day change
        origin: 'snapshot',
        change7dOrigin: 'illustrative',
      });
    }
    expect(new Set(assets.map((a: { id: string }) => a.id)).size).toBe(assets.length);
    const treasuries = assets
      .filter((a: { assetClass: string }) => a.assetClass === 'U.S. Treasuries')
      .map((a: { symbol: string }) => a.symbol);
    expect(treasuries).toEqual(expect.arrayContaining(['BUIDL', 'BENJI', 'USYC', 'USDY', 'OUSG', 'USTB', 'WTGXX']));
    const stables = assets.filter((a: { assetClass: string }) => a.assetClass === 'Stablecoins').map((a: { symbol: string }) => a.symbol);
    expect(stables).toEqual(expect.arrayContaining(['USDT', 'USDC', 'DAI', 'USDe', 'FDUSD', 'PYUSD']));
    const caps = assets.map((a: { marketCap: string }) => Number(a.marketCap));
    expect([...caps].sort((x, y) => y - x)).toEqual(caps);
  });
});

describe('GET /api/networks', () => {
  it('lists at least 15 networks by total value, with the spec fields and types', async () => {
    const networks = await getJson('/api/networks');
    expect(networks.length).toBeGreaterThanOrEqual(15);
    for (const n of networks) {
      expect(n).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        iconUrl: expect.stringMatching(/^\/icons\/networks\/[a-z0-9-]+\.svg$/),
        rwaCount: expect.any(Number),
        totalValue: numericString,
        marketShare: expect.any(Number),
        change30d: numericString,
        origin: 'snapshot',
        change30dOrigin: 'illustrative',
      });
    }
    const values = networks.map((n: { totalValue: string }) => Number(n.totalValue));
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    const share = networks.reduce((s: number, n: { marketShare: number }) => s + n.marketShare, 0);
    expect(share).toBeCloseTo(100, 0);
    const names = networks.map((n: { name: string }) => n.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Ethereum',
        'Polygon',
        'Solana',
        'Stellar',
        'Arbitrum',
        'Avalanche',
        'Base',
        'BNB Chain',
        'Aptos',
        'ZKsync Era',
      ]),
    );
    // The icons are served.
    const icon = await fetch(base + networks[0].iconUrl);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/svg/);
  });
});

describe('GET /api/networks/time-series', () => {
  it.each(NETWORK_METRICS)('%s: monthly points over at least 24 months ending at the as-of date', async (metric) => {
    const points = await getJson(`/api/networks/time-series?metricType=${metric}`);
    expect(points.length).toBeGreaterThanOrEqual(25);
    const networks = await getJson('/api/networks');
    for (const p of points) {
      expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Object.keys(p.networks).length).toBe(networks.length);
      for (const v of Object.values(p.networks)) expect(typeof v).toBe('number');
    }
    const months = points.map((p: { date: string }) => p.date.slice(0, 7));
    expect(new Set(months).size).toBe(months.length);
    expect(points.at(-1).date).toBe(AS_OF);
  });

  it('ends each network value series at the network total', async () => {
    const [points, networks] = await Promise.all([
      getJson('/api/networks/time-series?metricType=tokenized-asset-value'),
      getJson('/api/networks'),
    ]);
    for (const n of networks) expect(points.at(-1).networks[n.name]).toBe(Number(n.totalValue));
  });

  it.each(['', 'metricType=', 'metricType=tvl', 'metricType=TOKENIZED-ASSET-VALUE'])(
    '400 for "%s", listing the six metrics',
    async (query) => {
      const body = await getJson(`/api/networks/time-series?${query}`, 400);
      expect(body.message).toBe(`metricType must be one of: ${NETWORK_METRICS.join(', ')}.`);
    },
  );
});

describe('GET /api/transfers', () => {
  type T = { id: number; assetSymbol: string; usdAmount: number; date: string; network: string };

  const RANGES = [
    [0, 100_000],
    [100_000, 1_000_000],
    [1_000_000, 10_000_000],
    [10_000_000, undefined],
  ] as const;
  const inRange = (t: T, [min, max]: readonly [number, number | undefined]) =>
    t.usdAmount >= min && (max === undefined || t.usdAmount < max);

  it.each([7, 30, 90])('days=%i without a range: the 10 largest of EACH amount range, in the window, largest first', async (days) => {
    const rows: T[] = await getJson(`/api/transfers?days=${days}`);
    for (const t of rows) {
      expect(t).toEqual({
        id: expect.any(Number),
        assetSymbol: expect.any(String),
        usdAmount: expect.any(Number),
        date: expect.any(String),
        network: expect.any(String),
        // the snapshot's generated transfers
        origin: 'illustrative',
      });
      expect(t.date >= windowStart(days)).toBe(true);
      expect(t.date < END).toBe(true);
      expect(Number.isNaN(Date.parse(t.date))).toBe(false);
    }
    const amounts = rows.map((t) => t.usdAmount);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    // A client filtering this answer by range (spec section 7) finds exactly what the ranged query gives.
    for (const range of RANGES) {
      const [min, max] = range;
      const ranged: T[] = await getJson(`/api/transfers?days=${days}&minUsd=${min}${max ? `&maxUsd=${max}` : ''}`);
      expect(ranged.length).toBeGreaterThan(0);
      expect(rows.filter((t) => inRange(t, range)).map((t) => t.id)).toEqual(ranged.map((t) => t.id));
    }
    expect(rows).toHaveLength(40);
  });

  it('longer windows return at least as many transfers, and the window is counted from the as-of date', async () => {
    const counts: Record<number, number> = {};
    for (const days of [7, 30, 90]) {
      const rows: T[] = await getJson(`/api/transfers?days=${days}&minUsd=0&maxUsd=100000&limit=100`);
      counts[days] = rows.length;
      expect(rows.every((t) => t.date >= windowStart(days) && t.date < END)).toBe(true);
    }
    expect(counts[30]).toBeGreaterThanOrEqual(counts[7]);
    expect(counts[90]).toBeGreaterThanOrEqual(counts[30]);
    const week: T[] = await getJson('/api/transfers?days=7&limit=100');
    expect(week.some((t) => t.date.startsWith(AS_OF))).toBe(true);
    expect(week.some((t) => t.date.startsWith(windowStart(7)))).toBe(true);
  });

  it.each([
    [0, 100_000],
    [100_000, 1_000_000],
    [1_000_000, 10_000_000],
    [10_000_000, undefined],
  ])('every amount range has transfers in the last 7 days (min %s, max %s)', async (min, max) => {
    const q = `/api/transfers?days=7&minUsd=${min}${max ? `&maxUsd=${max}` : ''}&limit=100`;
    const rows: T[] = await getJson(q);
    expect(rows.length).toBeGreaterThan(0);
    for (const t of rows) {
      expect(t.usdAmount).toBeGreaterThanOrEqual(min);
      if (max) expect(t.usdAmount).toBeLessThan(max);
    }
  });

  it('has at least 90 days of transfers spread over the four ranges', async () => {
    for (const [min, max] of [
      [0, 1e5],
      [1e5, 1e6],
      [1e6, 1e7],
      [1e7, 1e12],
    ]) {
      const rows: T[] = await getJson(`/api/transfers?days=90&minUsd=${min}&maxUsd=${max}&limit=100`);
      expect(rows.length).toBe(100);
    }
    const oldest: T[] = await getJson('/api/transfers?days=90&minUsd=0&maxUsd=100000&limit=100');
    expect(oldest.every((t) => t.date >= windowStart(90))).toBe(true);
  });

  it('bounds the limit: 1 and 100 are allowed, per range when no range is given', async () => {
    expect(await getJson('/api/transfers?days=90&minUsd=0&limit=1')).toHaveLength(1);
    expect(await getJson('/api/transfers?days=90&minUsd=0&limit=100')).toHaveLength(100);
    const one: T[] = await getJson('/api/transfers?days=90&limit=1');
    expect(RANGES.map((r) => one.filter((t) => inRange(t, r)).length)).toEqual([1, 1, 1, 1]);
    expect(await getJson('/api/transfers?days=90&limit=100')).toHaveLength(400);
  });

  it.each([
    ['', 'days'],
    ['days=', 'days'],
    ['days=14', 'days'],
    ['days=7.5', 'days'],
    ['days=abc', 'days'],
    ['days=7&minUsd=abc', 'minUsd'],
    ['days=7&minUsd=-5', 'minUsd'],
    ['days=7&maxUsd=0', 'maxUsd'],
    ['days=7&maxUsd=Infinity', 'maxUsd'],
    ['days=7&minUsd=1000&maxUsd=10', 'maxUsd'],
    ['days=7&limit=0', 'limit'],
    ['days=7&limit=101', 'limit'],
    ['days=7&limit=2.5', 'limit'],
    ['days=7&limit=ten', 'limit'],
  ])('400 for "%s" naming %s', async (query, field) => {
    const body = await getJson(`/api/transfers?${query}`, 400);
    expect(body.message).toMatch(/invalid/i);
    expect(Object.keys(body.issues)).toContain(field);
  });

  it('the 400 for days says which values are allowed and is not cached', async () => {
    const res = await api(base, '/api/transfers?days=8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()).issues.days[0]).toBe('days must be 7, 30 or 90');
  });
});

describe('asset-class endpoints serve the pages snapshot', () => {
  it('GET /api/stablecoins', async () => {
    const body = await getJson('/api/stablecoins');
    expect(body.total).toBe(62);
    expect(body.asOf).toBe(AS_OF);
    expect(body.stablecoins.length).toBeGreaterThan(10);
    expect(body.stablecoins[0]).toEqual({
      name: 'Tether USD',
      ticker: 'USDT',
      platform: 'Tether',
      networks: expect.any(Array),
      marketCap: numericString,
      price: numericString,
      peggedCurrency: 'USD',
    });
  });

  it('GET /api/stablecoin-overview', async () => {
    const body = await getJson('/api/stablecoin-overview');
    expect(body).toMatchObject({
      asOf: AS_OF,
      marketCap: '278140000000',
      marketCapChange30d: '+6.56%',
      monthlyTransferVolume: '3330000000000',
      monthlyTransferVolumeChange30d: '+0.70%',
      monthlyActiveAddresses: 29_520_000,
      monthlyActiveAddressesChange30d: '-25.58%',
      holders: 191_150_000,
      holdersChange30d: '+1.31%',
      totalStablecoins: 62,
    });
    expect(body.cards.map((c: { value: string }) => c.value)).toEqual(['$278.14B', '$3.33T', '29.52M', '191.15M']);
  });

  it('GET /api/treasuries', async () => {
    const body = await getJson('/api/treasuries');
    expect(body.total).toBe(49);
    expect(body.topEntities).toHaveLength(4);
    expect(body.cards.map((c: { value: string }) => c.value)).toEqual(['$7.41B', '4.12%', '49', '52,906']);
    expect(body.products[0]).toMatchObject({
      ticker: 'BUIDL',
      marketCap: '2200000000',
      yieldToMaturity: null,
      eligibleInvestors: 'U.S. Qualified Purchaser',
    });
    const sum = body.products.reduce((s: number, p: { marketCap: string }) => s + Number(p.marketCap), 0);
    expect(sum).toBeLessThanOrEqual(7.41e9);
  });

  it('GET /api/private-credit', async () => {
    const body = await getJson('/api/private-credit');
    expect(body.platformsTotal).toBe(9);
    expect(body.poolsTotal).toBe(60);
    expect(body.cards.map((c: { value: string }) => c.value)).toEqual(['$16.05B', '$29.93B', '9.74%', '2,597']);
    expect(body.platforms[0]).toMatchObject({ totalLoans: numericString, activeLoans: numericString, defaultedAmount: numericString });
    expect(body.pools.every((p: { status: string }) => p.status === 'Open')).toBe(true);
  });
});
