/**
 * A fund priced by its NAV gets a 7-day and a 30-day annualised yield from its NAV
 * history; a $1-NAV fund, a stablecoin and a market price (gold) get none, and say why.
 */
import { describe, expect, it } from 'vitest';
import { navYield, noYieldReason, YIELD_METHOD } from '#lib/shared/nav-yield.ts';
import { eachDay } from '#lib/shared/utc-day.ts';

/** A NAV growing 5% a year, compounded daily, from 1.00 on 2026-10-01. */
const days = eachDay('2026-10-01', '2026-11-24');
const growing = days.map((date, i) => ({ date, nav: Math.pow(1.05, i / 365) }));

describe('yield from the NAV history', () => {
  it('annualises the NAV growth over 7 and 30 days', () => {
    const y7 = navYield(growing, '2026-11-24', 7);
    expect(y7).toMatchObject({ value: 5, from: { date: '2026-11-17' }, to: { date: '2026-11-24' } });
    expect(navYield(growing, '2026-11-24', 30)).toMatchObject({ value: 5, from: { date: '2026-10-25' } });
    // A NAV that fell: a negative yield, not hidden.
    const falling = [
      { date: '2026-11-17', nav: 1.01 },
      { date: '2026-11-24', nav: 1.0 },
    ];
    expect(navYield(falling, '2026-11-24', 7).value).toBe(-40.48);
    expect(YIELD_METHOD).toContain('365 ÷ days between them');
  });
  it('over a weekend, the start is the last NAV before the window, and the span is the days between them', () => {
    // Business-day NAVs: the 30-day window from Monday 23 November starts Saturday 24 October, so at Friday 23's NAV.
    const business = growing.filter((h) => ![0, 6].includes(new Date(h.date + 'T00:00:00Z').getUTCDay()));
    const y = navYield(business, '2026-11-23', 30);
    expect(y).toMatchObject({ from: { date: '2026-10-23' }, to: { date: '2026-11-23' } });
    expect(y.value).toBe(5);
  });
  it('is unknown, with why, without a NAV at the window start', () => {
    expect(navYield(growing.slice(-10), '2026-11-24', 30)).toEqual({
      value: null,
      from: null,
      to: null,
      unknown: 'no NAV published on or just before 2026-10-25 (the history starts 2026-11-15)',
    });
    expect(navYield([], '2026-11-24', 7).unknown).toBe('no NAV published yet');
  });
});

describe('which assets have a NAV yield', () => {
  it('funds priced by feed, call, vault or centrifuge; not $1-NAV funds, stablecoins or market prices', () => {
    for (const kind of ['feed', 'call', 'vault', 'centrifuge']) expect(noYieldReason({ kind }, 'U.S. Treasuries')).toBeNull();
    expect(noYieldReason({ kind: 'vault' }, 'Private Credit')).toBeNull();
    expect(noYieldReason({ kind: 'fixed', usd: '1.00' }, 'U.S. Treasuries')).toBe(
      'a $1.00-NAV fund: its price stays at $1.00, and its income is paid as new tokens or distributions, which are not read',
    );
    expect(noYieldReason({ kind: 'fixed', usd: '1.00' }, 'Stablecoins')).toContain('a stablecoin');
    expect(noYieldReason({ kind: 'feed' }, 'Commodities')).toContain('not a fund priced by its NAV');
    expect(noYieldReason({ kind: 'unavailable' }, 'Stocks')).toContain('no price source');
  });
});
