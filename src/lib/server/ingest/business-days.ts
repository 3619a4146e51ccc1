/**
 * U.S. market business days: the rhythm of a fund's NAV and of a gold price, which
 * are struck on the days the New York Stock Exchange is open. Weekends and the NYSE's full-day
 * holidays are not business days: New Year's Day, Martin Luther King Jr. Day, Washington's
 * Birthday, Good Friday, Memorial Day, Juneteenth, Independence Day, Labor Day, Thanksgiving and
 * Christmas, each observed on the Friday before when it falls on a Saturday (New Year's Day
 * excepted: the NYSE does not close on the last day of the year) or the Monday after on a Sunday.
 * Pure and computed, so it needs no yearly list kept by hand.
 */
import { dayStart, isoDay, shiftDay } from '#lib/shared/utc-day.ts';

const day = (y: number, m: number, d: number) => isoDay(Date.UTC(y, m - 1, d));
const weekday = (date: string) => new Date(dayStart(date)).getUTCDay();

/** The n-th (1-based) given weekday (0 Sunday) of a month; n = -1 is the last. */
function nthWeekday(y: number, m: number, wd: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
    return day(y, m, 1 + ((wd - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDate = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const last = new Date(Date.UTC(y, m - 1, lastDate)).getUTCDay();
  return day(y, m, lastDate - ((last - wd + 7) % 7));
}

/** Easter Sunday (Gregorian, the anonymous algorithm). */
function easter(y: number): string {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return day(y, month, ((h + l - 7 * m + 114) % 31) + 1);
}

/** A fixed-date holiday moved off the weekend: Saturday to Friday, Sunday to Monday. */
function observed(date: string): string {
  const wd = weekday(date);
  return wd === 6 ? shiftDay(date, -1) : wd === 0 ? shiftDay(date, 1) : date;
}

const cache = new Map<number, Map<string, string>>();

/** The NYSE's full-day holidays of a year, date -> name. */
export function usMarketHolidays(y: number): Map<string, string> {
  let out = cache.get(y);
  if (out) return out;
  out = new Map<string, string>();
  // New Year's Day on a Saturday is not moved to the Friday before (NYSE rule 7.2).
  const newYear = day(y, 1, 1);
  if (weekday(newYear) !== 6) out.set(observed(newYear), "New Year's Day");
  out.set(nthWeekday(y, 1, 1, 3), 'Martin Luther King Jr. Day');
  out.set(nthWeekday(y, 2, 1, 3), "Washington's Birthday");
  out.set(shiftDay(easter(y), -2), 'Good Friday');
  out.set(nthWeekday(y, 5, 1, -1), 'Memorial Day');
  if (y >= 2022) out.set(observed(day(y, 6, 19)), 'Juneteenth');
  out.set(observed(day(y, 7, 4)), 'Independence Day');
  out.set(nthWeekday(y, 9, 1, 1), 'Labor Day');
  out.set(nthWeekday(y, 11, 4, 4), 'Thanksgiving Day');
  out.set(observed(day(y, 12, 25)), 'Christmas Day');
  cache.set(y, out);
  return out;
}

/** Whether U.S. markets are open on the day (YYYY-MM-DD). */
export function isUsBusinessDay(date: string): boolean {
  const wd = weekday(date);
  return wd !== 0 && wd !== 6 && !usMarketHolidays(Number(date.slice(0, 4))).has(date);
}

/** Business days after `from` up to and including `to` (0 when `to` is not later). */
export function businessDaysAfter(from: string, to: string): number {
  let n = 0;
  for (let d = shiftDay(from, 1); d <= to; d = shiftDay(d, 1)) if (isUsBusinessDay(d)) n++;
  return n;
}
