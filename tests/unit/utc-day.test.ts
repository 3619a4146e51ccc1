import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, daysBetween, eachDay, isIsoDay, isoDay, shiftDay } from '#lib/shared/utc-day.ts';

describe('utc-day', () => {
  it('a day runs from 00:00 UTC to the next 00:00 UTC, whatever the local zone', () => {
    expect(dayStart('2026-03-29')).toBe(Date.UTC(2026, 2, 29));
    expect(dayEnd('2026-03-29')).toBe(Date.UTC(2026, 2, 30));
    expect(isoDay(Date.UTC(2026, 2, 29, 23, 59, 59, 999))).toBe('2026-03-29');
  });

  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-11-24', -30, '2026-10-25'],
    ['2026-11-24', 0, '2026-11-24'],
  ])('shiftDay(%s, %i) is %s', (date, days, expected) => {
    expect(shiftDay(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
  });

  it('eachDay lists both ends and nothing when the range is reversed', () => {
    expect(eachDay('2025-12-30', '2026-01-02')).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(eachDay('2026-01-02', '2026-01-02')).toEqual(['2026-01-02']);
    expect(eachDay('2026-01-03', '2026-01-02')).toEqual([]);
  });

  it.each([
    ['2025-02-28', true],
    ['2024-02-29', true],
    ['2025-02-30', false],
    ['2025-2-3', false],
    ['2025-13-01', false],
    ['2025-02-28T00:00:00Z', false],
    ['', false],
  ])('isIsoDay(%j) is %s', (value, expected) => {
    expect(isIsoDay(value)).toBe(expected);
  });
});
