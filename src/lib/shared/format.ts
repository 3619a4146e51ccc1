/** Number formatting of spec section 9, shared by server-rendered pages and islands. */

const UNITS = [
  [1, ''],
  [1e3, 'K'],
  [1e6, 'M'],
  [1e9, 'B'],
] as const;

/**
 * What every formatter prints for a figure that is not known (NaN, Infinity, an empty or unreadable
 * string, null from a loose caller): a word, never a figure such as '$0.00' that reads as known.
 */
const UNKNOWN = 'unknown';

/**
 * One Intl formatter per set of options, made once and kept: `toLocaleString` with options builds a new
 * formatter on every call (tens of microseconds each, and a page formats thousands of figures); the
 * kept one gives the same text.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(maximumFractionDigits: number, minimumFractionDigits?: number): Intl.NumberFormat {
  const key = `${minimumFractionDigits}:${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    const options = minimumFractionDigits === undefined ? { maximumFractionDigits } : { minimumFractionDigits, maximumFractionDigits };
    format = new Intl.NumberFormat('en-US', options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * Made on first use: a process's first DateTimeFormat loads ICU's date data, about 40 ms of CPU, which
 * a server start (and any page without an article date) has no need of.
 */
let longDate: Intl.DateTimeFormat | undefined;

/** The number a value holds, or NaN: '' and null are not 0 (Number('') is), they are unknown. */
const toNumber = (v: number | string | null | undefined): number => {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || v.trim() === '') return Number.NaN;
  return Number(v);
};

type Figure = number | string | null | undefined;

/**
 * Rounds half away from zero at `decimals`, on the decimal digits a person reads rather than the
 * binary float: 999.995 -> 1000, 1.005 -> 1.01 (toFixed gives 999.99 and 1.00).
 */
function roundHalfUp(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const abs = Math.abs(value);
  if (abs >= 1e15) return value;
  const rounded = Number(Math.round(Number(`${abs}e${decimals}`)) + `e-${decimals}`);
  return value < 0 ? -rounded : rounded;
}

/**
 * Picks the unit (none, K, M, B) for a magnitude after rounding, so a value that rounds up to
 * 1000 of one unit moves to the next one: 999,999,999 -> 1.00B, never 1000.00M.
 */
function scaled(abs: number, decimals: number, smallest: number): { amount: number; suffix: string } {
  let i = UNITS.length - 1;
  while (i > smallest && abs < UNITS[i][0]) i--;
  let amount = roundHalfUp(abs / UNITS[i][0], decimals);
  while (amount >= 1000 && i < UNITS.length - 1) {
    i++;
    amount = roundHalfUp(abs / UNITS[i][0], decimals);
  }
  return { amount, suffix: UNITS[i][1] };
}

/** '-' for a value that is still negative once rounded, so -0.001 never shows as '-$0.00'. */
const signOf = (n: number, amount: number) => (n < 0 && amount > 0 ? '-' : '');

/**
 * The spec's currency rule: $x.xxB / $x.xxM / $x.xxK at or above each threshold, otherwise $ with 2
 * decimals. `decimals` is the suffixed amount's (a chart axis reads '$1.2M'); under $1,000 cents stay.
 */
export function formatCurrency(value: Figure, decimals = 2): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return UNKNOWN;
  const abs = Math.abs(n);
  if (roundHalfUp(abs, 2) < 1000) {
    const amount = roundHalfUp(abs, 2);
    return `${signOf(n, amount)}$${amount.toFixed(2)}`;
  }
  const { amount, suffix } = scaled(abs, decimals, 1);
  return `${signOf(n, amount)}$${amount.toFixed(decimals)}${suffix}`;
}

/** The chart islands' name for formatCurrency with one decimal by default ('$350.0K'). */
export const formatCompactUsd = (value: Figure, decimals = 1): string => formatCurrency(value, decimals);

/** The spec's count rule: the same suffixes (default 0 decimals), otherwise the locale-formatted number. */
export function formatCount(value: Figure, decimals = 0): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return UNKNOWN;
  const abs = Math.abs(n);
  // toLocaleString's default: up to three decimals.
  if (abs < 1e3) return numberFormat(3).format(n);
  const { amount, suffix } = scaled(abs, decimals, 1);
  return `${signOf(n, amount)}${amount.toFixed(decimals)}${suffix}`;
}

/**
 * An exact count or figure where rounding to K or M would hide what the page is about (holders of
 * one network, assets of an issuer): the locale-formatted number, the count rule's own fallback.
 */
export function formatNumber(value: Figure, maximumFractionDigits = 0): string {
  const n = toNumber(value);
  return Number.isFinite(n) ? numberFormat(maximumFractionDigits).format(n) : UNKNOWN;
}

function fixedUnit(value: Figure, unit: number, suffix: string, decimals = 1): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return UNKNOWN;
  const amount = roundHalfUp(Math.abs(n) / unit, decimals);
  const text = numberFormat(decimals, decimals).format(amount);
  return `${signOf(n, amount)}$${text}${suffix}`;
}

/** A network's total value in $M with one decimal: 12345678 -> '$12.3M'. */
export function formatMillions(value: Figure): string {
  return fixedUnit(value, 1e6, 'M');
}

/**
 * Dollars always shown in billions (a market cap, a chart axis or tooltip, the networks' totals):
 * 2.2e9 -> '$2.2B' with the default one decimal, '$2.20B' with two.
 */
export function formatBillions(value: Figure, decimals = 1): string {
  return fixedUnit(value, 1e9, 'B', decimals);
}

/** A percentage with its sign: 6.64 -> '+6.64%', -0.5 -> '-0.50%', 0 -> '0.00%'. */
export function formatPercentChange(value: Figure, decimals = 2): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return UNKNOWN;
  const rounded = roundHalfUp(n, decimals);
  if (rounded === 0) return `${(0).toFixed(decimals)}%`;
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(decimals)}%`;
}

/*
 * Dates: one rule for every page, public or admin, server or browser: read in UTC, so a date never
 * shifts with the visitor's (or the server's) time zone. Day before month ("4 Sep 2025"), month
 * names in English short form ("Sep", never en-GB's "Sept").
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day (YYYY-MM-DD, read as 00:00 UTC), an ISO instant, a Date or epoch milliseconds; null when unreadable. */
function utc(value: string | number | Date): Date | null {
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const two = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YY (UTC): the spec's transfers table. */
export function formatShortDate(iso: string): string {
  const d = utc(iso);
  return d ? `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${two(d.getUTCFullYear() % 100)}` : UNKNOWN;
}

/** Long US format: 'September 12, 2025' (UTC), the spec's article dates. */
export function formatLongDate(value: string | Date): string {
  const d = utc(value);
  if (!d) return UNKNOWN;
  longDate ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return longDate.format(d);
}

/** What an unreadable date shows by default: the text as given, or 'unknown' when there is none. */
const asGiven = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : UNKNOWN);

/** A day: '4 Sep 2025' (UTC). Unreadable input gives `unreadable` (the input as given), never 'Invalid Date'. */
export function formatDay(value: string | number | Date, unreadable = asGiven(value)): string {
  const d = utc(value);
  return d ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : unreadable;
}

/** An instant: '4 Sep 2025, 01:37 UTC'. */
export function formatTimestamp(value: string | number | Date): string {
  const d = utc(value);
  return d ? `${formatDay(d)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC` : asGiven(value);
}

/** The spec's monthly axis of the networks chart: 'Jan 25' (UTC). */
export function formatMonthLabel(value: string | Date): string {
  const d = utc(value);
  return d ? `${MONTHS[d.getUTCMonth()]} ${two(d.getUTCFullYear() % 100)}` : UNKNOWN;
}

/**
 * A date tick of every chart the spec does not describe ("Sep 25" would read as a day):
 * a month is 'Sep 2025', a day within a short range '12 Sep'.
 */
export function formatDateTick(value: string | number | Date, unit: 'day' | 'month'): string {
  const d = utc(value);
  if (!d) return UNKNOWN;
  return unit === 'day' ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}` : `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** '5 minutes ago', '3 hours ago', '2 days ago' relative to `now`. */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const d = utc(value);
  if (!d) return UNKNOWN;
  const diff = Math.max(0, now.getTime() - d.getTime());
  const minutes = Math.floor(diff / 60000);
  if (minutes < 60) return minutes <= 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** A share or rate without sign: 9.74 -> '9.74%'. */
export function formatPercent(value: Figure, decimals = 2): string {
  const n = toNumber(value);
  return Number.isFinite(n) ? `${roundHalfUp(n, decimals).toFixed(decimals)}%` : UNKNOWN;
}
