import { describe, expect, it } from 'vitest';
import {
  formatBillions,
  formatCount,
  formatCurrency,
  formatDateTick,
  formatDay,
  formatLongDate,
  formatMillions,
  formatMonthLabel,
  formatNumber,
  formatPercent,
  formatPercentChange,
  formatRelativeTime,
  formatShortDate,
  formatTimestamp,
} from '#lib/shared/format.ts';
import { formatCompactUsd } from '#lib/shared/format.ts';

describe('formatCurrency (spec 9: $x.xxB / M / K, otherwise $ with 2 decimals)', () => {
  it.each([
    [278_140_000_000, '$278.14B'],
    [7_410_000_000, '$7.41B'],
    [1e9, '$1.00B'],
    [999_999_999, '$1.00B'], // rounds up into the next unit instead of '$1000.00M'
    [1e6, '$1.00M'],
    [820_000_000, '$820.00M'],
    [999_995, '$1.00M'],
    [999_994, '$999.99K'],
    [1e3, '$1.00K'],
    [999.995, '$1.00K'],
    [999.99, '$999.99'],
    [12.5, '$12.50'],
    [0, '$0.00'],
    [-0.001, '$0.00'],
    [-2_500_000, '-$2.50M'],
    [-12.5, '-$12.50'],
    ['29020000000', '$29.02B'],
    [Number.NaN, 'unknown'],
    ['not a number', 'unknown'],
  ])('%s -> %s', (value, expected) => {
    expect(formatCurrency(value)).toBe(expected);
  });
});

describe('formatCount (same suffixes, default 0 decimals, otherwise locale number)', () => {
  it.each([
    [191_150_000, 0, '191M'],
    [191_150_000, 2, '191.15M'],
    [29_520_000, 2, '29.52M'],
    [385_300, 0, '385K'],
    [385_300, 1, '385.3K'],
    [999_999, 0, '1M'],
    [1e9, 0, '1B'],
    [999, 0, '999'],
    [999.995, 2, '999.995'], // below 1,000 counts stay the plain locale number
    [0, 0, '0'],
    [-1500, 1, '-1.5K'],
    [-12, 0, '-12'],
  ])('%s (%s decimals) -> %s', (value, decimals, expected) => {
    expect(formatCount(value, decimals)).toBe(expected);
  });
  it('uses the locale format below 1,000', () => {
    expect(formatCount(52.5)).toBe('52.5');
  });
});

describe('network value in $M with one decimal, market cap in $B with one decimal', () => {
  it.each([
    [11_050_000_000, '$11,050.0M'],
    [12_345_678, '$12.3M'],
    [1e9, '$1,000.0M'],
    [0, '$0.0M'],
    [-2_000_000, '-$2.0M'],
    ['220000000', '$220.0M'],
  ])('formatMillions(%s) -> %s', (value, expected) => {
    expect(formatMillions(value)).toBe(expected);
  });
  it.each([
    [2.2e9, '$2.2B'],
    [278_040_000_000, '$278.0B'],
    [1e9, '$1.0B'],
    [0, '$0.0B'],
    [-1.25e9, '-$1.3B'],
  ])('formatBillions(%s) -> %s', (value, expected) => {
    expect(formatBillions(value)).toBe(expected);
  });
  it('formatBillions with two decimals, as the charts and the networks totals show it', () => {
    expect(formatBillions(29_020_000_000, 2)).toBe('$29.02B');
    expect(formatBillions('278040000000', 2)).toBe('$278.04B');
    expect(formatBillions(1_005_000_000, 2)).toBe('$1.01B');
    expect(formatBillions(0, 2)).toBe('$0.00B');
  });
});

describe('formatPercentChange (sign always shown)', () => {
  it.each([
    [6.64, '+6.64%'],
    ['8.86', '+8.86%'],
    [-25.58, '-25.58%'],
    [-0.5, '-0.50%'],
    [0, '0.00%'],
    [-0.001, '0.00%'],
    [999.995, '+1000.00%'],
    ['abc', 'unknown'],
  ])('%s -> %s', (value, expected) => {
    expect(formatPercentChange(value)).toBe(expected);
  });
  it('honours the decimals', () => {
    expect(formatPercentChange(4.126, 1)).toBe('+4.1%');
  });
});

describe('prices, exact counts and rates', () => {
  it.each([
    [1.0003, '$1.00'],
    [0.9999, '$1.00'],
    [3641.2, '$3.64K'],
    [42.18, '$42.18'],
  ])('a unit price follows the currency rule: %s -> %s', (value, expected) => {
    expect(formatCurrency(value)).toBe(expected);
  });
  it("formatNumber is the count rule's locale-formatted number", () => {
    expect(formatNumber(146_200)).toBe('146,200');
    expect(formatNumber(1234.567, 2)).toBe('1,234.57');
    expect(formatNumber('abc')).toBe('unknown');
  });
  it('formatPercent has no sign', () => {
    expect(formatPercent(9.74)).toBe('9.74%');
    expect(formatPercent(78.2, 1)).toBe('78.2%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(999.995)).toBe('1000.00%');
  });
});

describe('dates', () => {
  it('MM/DD/YY in UTC', () => {
    expect(formatShortDate('2025-09-12T23:30:25Z')).toBe('09/12/25');
    expect(formatShortDate('2025-01-05T00:00:00Z')).toBe('01/05/25');
  });
  it('long date for "Data as of"', () => {
    expect(formatLongDate('2025-09-12')).toBe('September 12, 2025');
  });
  it("monthly axis labels like 'Jan 25'", () => {
    expect(formatMonthLabel('2025-01-31')).toBe('Jan 25');
    expect(formatMonthLabel('2025-09-12')).toBe('Sep 25');
    expect(formatMonthLabel(new Date(Date.UTC(2024, 11, 1)))).toBe('Dec 24');
  });
  it('reads every date in UTC, whatever the time zone of the machine (admin lists included)', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      // 01:30 UTC on the 13th is still the 12th in Los Angeles: the UTC date is shown.
      expect(new Date('2025-09-13T01:30:00Z').getDate()).toBe(12);
      expect(formatDay('2025-09-13T01:30:00Z')).toBe('13 Sep 2025');
      expect(formatTimestamp('2025-09-13T01:30:00Z')).toBe('13 Sep 2025, 01:30 UTC');
      expect(formatDay('2025-09-13')).toBe('13 Sep 2025');
      expect(formatLongDate('2025-09-13T01:30:00Z')).toBe('September 13, 2025');
      expect(formatShortDate('2025-09-13T01:30:00Z')).toBe('09/13/25');
      expect(formatMonthLabel('2025-10-01T01:30:00Z')).toBe('Oct 25');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
  it("timestamps read '4 Sep 2025, 01:37 UTC', days '4 Sep 2025'", () => {
    expect(formatTimestamp('2025-09-04T01:37:08Z')).toBe('4 Sep 2025, 01:37 UTC');
    expect(formatTimestamp('2025-09-04T23:59:59.999+02:00')).toBe('4 Sep 2025, 21:59 UTC');
    expect(formatTimestamp(Date.UTC(2025, 8, 4, 1, 37))).toBe('4 Sep 2025, 01:37 UTC');
    expect(formatDay('2025-09-04')).toBe('4 Sep 2025');
    expect(formatDay(new Date(Date.UTC(2025, 11, 31)))).toBe('31 Dec 2025');
  });
  it('an unreadable date is shown as given (or the fallback), never as "Invalid Date"', () => {
    expect(formatTimestamp('not a date')).toBe('not a date');
    expect(formatDay('2025-13-45')).toBe('2025-13-45');
    expect(formatDay('nope', '')).toBe('');
    expect(formatShortDate('nope')).toBe('unknown');
    expect(formatDay('')).toBe('unknown');
    expect(formatTimestamp('')).toBe('unknown');
  });
  it("chart date ticks the spec does not fix: 'Sep 2025' for a month, '12 Sep' for a day", () => {
    expect(formatDateTick('2025-09-12', 'month')).toBe('Sep 2025');
    expect(formatDateTick('2025-09-12T12:00:00Z', 'day')).toBe('12 Sep');
    expect(formatDateTick(Date.UTC(2025, 0, 1), 'month')).toBe('Jan 2025');
    expect(formatDateTick('x', 'month')).toBe('unknown');
  });
  it('relative times in minutes, hours or days', () => {
    const now = new Date('2025-09-12T12:00:00Z');
    expect(formatRelativeTime('2025-09-12T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2025-09-12T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2025-09-10T12:00:00Z', now)).toBe('2 days ago');
  });
});

describe('a figure that is not known prints "unknown" in every formatter, never a figure', () => {
  const missing = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '', '   ', 'n/a', null, undefined];
  const figures: Array<[string, (v: number | string | null | undefined) => string]> = [
    ['formatCurrency', (v) => formatCurrency(v)],
    ['formatCurrency (0 decimals)', (v) => formatCurrency(v, 0)],
    ['formatCompactUsd', (v) => formatCompactUsd(v)],
    ['formatCount', (v) => formatCount(v)],
    ['formatNumber', (v) => formatNumber(v)],
    ['formatMillions', (v) => formatMillions(v)],
    ['formatBillions', (v) => formatBillions(v)],
    ['formatPercent', (v) => formatPercent(v)],
    ['formatPercentChange', (v) => formatPercentChange(v)],
  ];
  it.each(figures)('%s', (_name, format) => {
    for (const v of missing) expect(format(v), String(v)).toBe('unknown');
    // A known zero is still a figure.
    expect(format(0)).toMatch(/0/);
  });
  it('dates that cannot be read', () => {
    for (const v of ['', 'nope', '2025-13-45']) {
      expect(formatShortDate(v), v).toBe('unknown');
      expect(formatLongDate(v), v).toBe('unknown');
      expect(formatMonthLabel(v), v).toBe('unknown');
      expect(formatDateTick(v, 'day'), v).toBe('unknown');
      expect(formatRelativeTime(v, new Date('2025-09-12T12:00:00Z')), v).toBe('unknown');
    }
  });
});

describe('formatCompactUsd: the unit fits the value', () => {
  it.each([
    [1, '$1.00'],
    [999, '$999.00'],
    [999.996, '$1.0K'],
    [350_000, '$350.0K'],
    [1_200_000, '$1.2M'],
    [999_960_000, '$1.0B'],
    [4_500_000_000, '$4.5B'],
    [100e9, '$100.0B'],
    [0, '$0.00'],
    [-2_500_000, '-$2.5M'],
    [Number.NaN, 'unknown'],
  ])('%s -> %s', (value, text) => {
    expect(formatCompactUsd(value)).toBe(text);
  });

  it('takes its decimals', () => {
    expect(formatCompactUsd(11_054_000_000, 2)).toBe('$11.05B');
    expect(formatCompactUsd(320_500_000, 2)).toBe('$320.50M');
  });
});
