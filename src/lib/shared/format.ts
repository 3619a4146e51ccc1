/** Number formatting of spec section 9, shared by server-rendered pages and islands. */

const SUFFIXES = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
] as const;

const toNumber = (v: number | string) => (typeof v === 'number' ? v : Number(v));

/** $x.xxB / $x.xxM / $x.xxK at or above each threshold, otherwise $ with 2 decimals. */
export function formatCurrency(value: number | string): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return '$0.00';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  for (const [threshold, suffix] of SUFFIXES) {
    if (abs >= threshold) return `${sign}$${(abs / threshold).toFixed(2)}${suffix}`;
  }
  return `${sign}$${abs.toFixed(2)}`;
}

/** Counts with the same suffixes (default 0 decimals), otherwise the locale-formatted number. */
export function formatCount(value: number | string, decimals = 0): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  for (const [threshold, suffix] of SUFFIXES) {
    if (abs >= threshold) return `${sign}${(abs / threshold).toFixed(decimals)}${suffix}`;
  }
  return n.toLocaleString('en-US');
}

/** A network's total value in $M with one decimal: 12345678 -> '$12.3M'. */
export function formatMillions(value: number | string): string {
  const n = toNumber(value);
  return `$${(Number.isFinite(n) ? n / 1e6 : 0).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}M`;
}

/** A market cap in $B with one decimal: 2.2e9 -> '$2.2B'. */
export function formatBillions(value: number | string): string {
  const n = toNumber(value);
  return `$${(Number.isFinite(n) ? n / 1e9 : 0).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}B`;
}

/** A percentage with its sign: 6.64 -> '+6.64%', -0.5 -> '-0.50%', 0 -> '0.00%'. */
export function formatPercentChange(value: number | string, decimals = 2): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return '0.00%';
  const fixed = n.toFixed(decimals);
  if (Number(fixed) === 0) return `${(0).toFixed(decimals)}%`;
  return `${n > 0 ? '+' : ''}${fixed}%`;
}

/** MM/DD/YY, read in UTC so a date never shifts with the visitor's time zone. */
export function formatShortDate(iso: string): string {
  const d = new Date(iso);
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const yy = String(d.getUTCFullYear() % 100).padStart(2, '0');
  return `${mm}/${dd}/${yy}`;
}

/** Long US format: 'September 12, 2025'. */
export function formatLongDate(value: string | Date): string {
  return new Date(value).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Monthly axis label: 'Jan 25'. */
export function formatMonthLabel(iso: string): string {
  const d = new Date(iso);
  const month = d.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${month} ${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;
}

/** '5 minutes ago', '3 hours ago', '2 days ago' relative to `now`. */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const diff = Math.max(0, now.getTime() - new Date(value).getTime());
  const minutes = Math.floor(diff / 60000);
  if (minutes < 60) return minutes <= 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** A unit price: 4 decimals under $10 (stablecoin pegs), otherwise 2, with thousands separators. */
export function formatPrice(value: number | string): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return '$0.00';
  const decimals = Math.abs(n) < 10 ? 4 : 2;
  return `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

/** A share or rate without sign: 9.74 -> '9.74%'. */
export function formatPercent(value: number | string, decimals = 2): string {
  const n = toNumber(value);
  return `${(Number.isFinite(n) ? n : 0).toFixed(decimals)}%`;
}
