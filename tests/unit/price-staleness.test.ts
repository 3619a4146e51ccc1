/**
 * Every price kind has a staleness bound by its source's rhythm; a business-day NAV
 * counts U.S. business days (weekends and NYSE holidays left out); a price past its bound is kept
 * and shown "stale since <date>" with its last value, never unknown.
 */
import { describe, expect, it } from 'vitest';
import { businessDaysAfter, isUsBusinessDay, usMarketHolidays } from '#lib/server/ingest/business-days.ts';
import { checkFeedAnswer, navStaleness, priceBound } from '#lib/server/ingest/prices.ts';
import { stalePriceCells, type Obs } from '#lib/server/ingest/cells.ts';
import { buildAssets } from '#lib/server/ingest/derive/assets.ts';
import { gridOf } from '#lib/server/ingest/derive/grid.ts';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import { dayEnd } from '#lib/shared/utc-day.ts';
import { DEFAULT_FEED_MAX_AGE_HOURS, DEFAULT_NAV_MAX_BUSINESS_DAYS } from '#lib/server/catalogue/rules.ts';

const secs = (iso: string) => BigInt(Date.parse(iso) / 1000);
const GOLD = 265_050_000_000n; // $2,650.50 with 8 decimals

describe('the U.S. market calendar', () => {
  it("computes the NYSE's full-day holidays, observed off the weekend", () => {
    expect([...usMarketHolidays(2026).keys()]).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03', // Good Friday (Easter 5 April)
      '2026-05-25',
      '2026-06-19',
      '2026-07-03', // 4 July is a Saturday: observed the Friday before
      '2026-09-07',
      '2026-11-26', // Thanksgiving, fourth Thursday
      '2026-12-25',
    ]);
    expect(usMarketHolidays(2027).get('2027-07-05')).toBe('Independence Day'); // a Sunday: the Monday after
    expect(usMarketHolidays(2027).get('2027-12-24')).toBe('Christmas Day'); // a Saturday: the Friday before
    expect(usMarketHolidays(2027).get('2027-03-26')).toBe('Good Friday');
    // New Year's Day on a Saturday is not moved back into the old year.
    expect(usMarketHolidays(2022).has('2021-12-31')).toBe(false);
    expect(usMarketHolidays(2021).has('2021-12-31')).toBe(false);
  });
  it('counts business days after a day, up to and including another', () => {
    expect(isUsBusinessDay('2026-11-26')).toBe(false);
    expect(isUsBusinessDay('2026-11-27')).toBe(true);
    expect(isUsBusinessDay('2026-11-28')).toBe(false);
    // Thanksgiving weekend: Wednesday to Monday is two business days (Friday, Monday).
    expect(businessDaysAfter('2026-11-25', '2026-11-30')).toBe(2);
    // The 4 July weekend of 2026: Thursday to Sunday is none.
    expect(businessDaysAfter('2026-07-02', '2026-07-05')).toBe(0);
    expect(businessDaysAfter('2026-07-02', '2026-07-02')).toBe(0);
  });
});

describe('a staleness bound for every price kind', () => {
  const asset = (price: unknown) =>
    parseRegistry({
      chains: { ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' } },
      assets: [
        {
          symbol: 'X',
          name: 'X',
          issuer: 'I',
          assetClass: 'U.S. Treasuries',
          price,
          deployments: [{ chain: 'ethereum', address: '0x' + '1'.repeat(40) }],
        },
      ],
    }).assets[0].price;
  const a = '0x' + '2'.repeat(40);
  it('feed: hours (default 26) or U.S. business days; call, vault, centrifuge: business days (default 3); fixed: none', () => {
    expect(priceBound(asset({ kind: 'fixed', usd: '1.00' }))).toBeNull();
    expect(priceBound(asset({ kind: 'unavailable' }))).toBeNull();
    expect(priceBound(asset({ kind: 'feed', chain: 'ethereum', address: a }))).toEqual({ hours: DEFAULT_FEED_MAX_AGE_HOURS });
    expect(priceBound(asset({ kind: 'feed', chain: 'ethereum', address: a, maxAgeHours: 48 }))).toEqual({ hours: 48 });
    expect(priceBound(asset({ kind: 'feed', chain: 'ethereum', address: a, maxAgeBusinessDays: 1 }))).toEqual({ businessDays: 1 });
    expect(priceBound(asset({ kind: 'call', chain: 'ethereum', address: a, method: 'rwaPrice', decimals: 18 }))).toEqual({
      businessDays: DEFAULT_NAV_MAX_BUSINESS_DAYS,
    });
    expect(priceBound(asset({ kind: 'vault', chain: 'ethereum', address: a, decimals: 6, maxAgeBusinessDays: 2 }))).toEqual({
      businessDays: 2,
    });
    expect(priceBound(asset({ kind: 'centrifuge', chain: 'ethereum', address: a, asset: a, decimals: 6 }))).toEqual({
      businessDays: DEFAULT_NAV_MAX_BUSINESS_DAYS,
    });
    expect(() => asset({ kind: 'feed', chain: 'ethereum', address: a, maxAgeHours: 48, maxAgeBusinessDays: 1 })).toThrow(/not both/);
  });
  it('the registry gives every priced asset a bound by its rhythm; XAU/USD and business-day NAVs count business days', async () => {
    const { loadRegistry } = await import('#lib/server/catalogue/registry.ts');
    const reg = loadRegistry();
    const by = (s: string) => reg.assets.find((x) => x.symbol === s)!;
    for (const s of ['PAXG', 'XAUt', 'USYC']) expect(priceBound(by(s).price), s).toHaveProperty('businessDays');
    for (const x of reg.assets)
      if (x.price.kind !== 'fixed' && x.price.kind !== 'unavailable') expect(priceBound(x.price), x.symbol).not.toBeNull();
  });
});

describe('feeds across a U.S. holiday weekend', () => {
  it('XAU/USD: the last answer before the 4 July weekend is fresh on Sunday (the old 74 h bound refused it)', () => {
    const updated = secs('2026-07-02T20:00:00Z');
    const close = dayEnd('2026-07-05');
    expect(checkFeedAnswer(GOLD, 8, updated, close, { businessDays: 1 }, '2026-07-05')).toEqual({ ok: true, price: 2650.5 });
    expect(checkFeedAnswer(GOLD, 8, updated, close, { hours: 74 }, '2026-07-05')).toHaveProperty('stale');
    // Tuesday 7 July with no answer since Thursday: two business days (Monday, Tuesday), past the bound.
    expect(checkFeedAnswer(GOLD, 8, updated, dayEnd('2026-07-07'), { businessDays: 1 }, '2026-07-07')).toMatchObject({
      ok: true,
      price: 2650.5,
      stale: { since: '2026-07-02', reason: expect.stringContaining('2 U.S. business days before the close, bound 1 U.S. business day') },
    });
  });
  it("USYC's business-day NAV over Thanksgiving: fresh on Friday, stale since Wednesday by the next Tuesday", () => {
    const updated = secs('2026-11-25T14:00:00Z');
    const nav = 110_000_000n; // 1.10 with 8 decimals
    expect(checkFeedAnswer(nav, 8, updated, dayEnd('2026-11-27'), { businessDays: 2 }, '2026-11-27')).toEqual({ ok: true, price: 1.1 });
    // The default 26 h (what USYC had) would call Friday's NAV stale.
    expect(checkFeedAnswer(nav, 8, updated, dayEnd('2026-11-27'), undefined, '2026-11-27')).toHaveProperty('stale');
    expect(checkFeedAnswer(nav, 8, updated, dayEnd('2026-11-30'), { businessDays: 2 }, '2026-11-30')).toEqual({ ok: true, price: 1.1 });
    expect(checkFeedAnswer(nav, 8, updated, dayEnd('2026-12-01'), { businessDays: 2 }, '2026-12-01')).toMatchObject({
      stale: { since: '2026-11-25' },
    });
  });
});

describe('a NAV without a timestamp (call, vault, centrifuge)', () => {
  const days = (from: string[], price: number) => from.map((date) => ({ date, price }));
  it('is stale once unchanged for more business days than its bound, since the day it last changed', () => {
    const history = [
      { date: '2026-11-20', price: 1.0501 },
      ...days(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'], 1.0502),
    ];
    // Unchanged since Monday 23: by Sunday 29 that is 3 business days (24, 25, 27: Thanksgiving on the 26th not counted).
    expect(businessDaysAfter('2026-11-23', '2026-11-29')).toBe(3);
    expect(navStaleness(1.0502, history, '2026-11-29', { businessDays: 3 })).toBeNull();
    expect(navStaleness(1.0502, history, '2026-11-30', { businessDays: 3 })).toEqual({
      since: '2026-11-23',
      reason: 'the NAV 1.0502 has not changed since 2026-11-23 (4 U.S. business days, bound 3 U.S. business days)',
    });
    // A NAV that moved, or no history yet, is fresh.
    expect(navStaleness(1.0503, history, '2026-11-30', { businessDays: 3 })).toBeNull();
    expect(navStaleness(1.0502, [], '2026-11-30', { businessDays: 3 })).toBeNull();
  });
});

describe('a stale price is shown with its last value, never unknown (page and API)', () => {
  it('the asset publishes its value at the last price, marked "stale since" on every chain', () => {
    const registry = parseRegistry({
      chains: { ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' } },
      assets: [
        {
          symbol: 'GOLD',
          name: 'Gold',
          issuer: 'I',
          assetClass: 'Commodities',
          price: { kind: 'feed', chain: 'ethereum', address: '0x' + '2'.repeat(40), maxAgeBusinessDays: 1 },
          deployments: [{ chain: 'ethereum', address: '0x' + '1'.repeat(40) }],
        },
      ],
    });
    const row: Obs = {
      runId: 7,
      date: '2026-07-07',
      assetSymbol: 'GOLD',
      chain: 'ethereum',
      source: 'evm',
      supply: '10',
      price: 2650.5,
      value: 26505,
      holders: 3,
      accepted: false,
    };
    const picked = new Map([['2026-07-07|GOLD|ethereum', row]]);
    const note = { asset: 'GOLD', since: '2026-07-02', reason: 'GOLD: price stale since 2026-07-02: the feed answer is stale' };
    const stale = stalePriceCells(picked, [note], '2026-07-07', Date.parse('2026-07-08T00:00:00Z'));
    expect(stale).toEqual([{ asset: 'GOLD', chain: 'ethereum', since: '2026-07-02', ageHours: 144, reason: note.reason, kind: 'price' }]);
    const [asset] = buildAssets(gridOf(picked.values(), registry), registry, '2026-07-07', undefined, stale);
    expect(asset.marketCap).toBe(26505);
    expect(asset.stale).toMatchObject({ since: '2026-07-02', chains: ['ethereum'], reason: note.reason });
  });
});
