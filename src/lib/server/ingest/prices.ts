/**
 * Prices that hold (a wrong price moves every value it multiplies): a feed answer is refused when it is zero or negative; a
 * NAV over 10% away from the day before is flagged (rwa.xyz's data-quality rule), kept but marked
 * on the asset. Every price kind has a staleness bound, by the source's own rhythm: calendar hours
 * for a feed that updates around the clock, U.S. business days (business-days.ts) for a NAV or a
 * gold price struck on market days. A price older than its bound is not refused: the asset is
 * valued at the last price and shown "stale since <date>" with it, never unknown. So is a source
 * that refuses to answer once its data is older than its bound (lastAcceptedPrice).
 */
import { isoDay } from '#lib/shared/utc-day.ts';
import { businessDaysAfter } from './business-days.ts';
import type { RegistryAsset } from '#lib/server/catalogue/registry.ts';
import { DEFAULT_FEED_MAX_AGE_HOURS, DEFAULT_NAV_MAX_BUSINESS_DAYS, PRICE_MOVE_FLAG } from '#lib/server/catalogue/rules.ts';

export type PriceBound = { hours: number } | { businessDays: number };

/** The staleness bound of an asset's price, or null for a registry constant (fixed) or no price. */
export function priceBound(price: RegistryAsset['price']): PriceBound | null {
  if (price.kind === 'fixed' || price.kind === 'unavailable') return null;
  if (price.maxAgeBusinessDays !== undefined) return { businessDays: price.maxAgeBusinessDays };
  if (price.kind === 'feed') return { hours: price.maxAgeHours ?? DEFAULT_FEED_MAX_AGE_HOURS };
  return { businessDays: DEFAULT_NAV_MAX_BUSINESS_DAYS };
}

/** "26 h" or "2 U.S. business days". */
const boundText = (b: PriceBound): string =>
  'hours' in b ? `${b.hours} h` : `${b.businessDays} U.S. business day${b.businessDays === 1 ? '' : 's'}`;

export interface StalePrice {
  /** The day the price shown was last updated (or last changed). */
  since: string;
  reason: string;
}

export type PriceCheck = { ok: true; price: number; stale?: StalePrice } | { ok: false; reason: string };

/**
 * Whether a price last updated at `updatedMs` is past its bound at the close of `date` (the day
 * measured; its close is 00:00 UTC of the next day): the reason, or null when fresh.
 */
function pastBound(bound: PriceBound, updatedMs: number, date: string, closeMs: number): string | null {
  if ('hours' in bound) {
    const ageHours = (closeMs - updatedMs) / 3_600_000;
    return ageHours > bound.hours ? `updated ${ageHours.toFixed(1)} h before the close, bound ${boundText(bound)}` : null;
  }
  const days = businessDaysAfter(isoDay(updatedMs), date);
  return days > bound.businessDays
    ? `updated ${isoDay(updatedMs)}, ${days} U.S. business days before the close, bound ${boundText(bound)}`
    : null;
}

/**
 * A Chainlink-style answer at the day's close: `answer` with `decimals` decimals, updated at
 * `updatedAt` (seconds), read at a block of time `closeMs` for the day `date`.
 */
export function checkFeedAnswer(
  answer: bigint,
  decimals: number,
  updatedAt: bigint,
  closeMs: number,
  bound: PriceBound = { hours: DEFAULT_FEED_MAX_AGE_HOURS },
  date = isoDay(closeMs - 1),
): PriceCheck {
  if (answer <= 0n) return { ok: false, reason: `the feed answered ${answer === 0n ? 'zero' : 'a negative price'} (${answer})` };
  if (updatedAt === 0n) return { ok: false, reason: 'the feed has never been updated (updatedAt 0)' };
  const checked = checkPrice(Number(answer) / 10 ** decimals);
  const updatedMs = Number(updatedAt) * 1000;
  const late = pastBound(bound, updatedMs, date, closeMs);
  if (!checked.ok || !late) return checked;
  return { ...checked, stale: { since: isoDay(updatedMs), reason: `the feed's answer is stale: ${late}` } };
}

/**
 * A NAV read without a timestamp: stale when it has not changed for more business days than the
 * bound. `history` is the asset's earlier published prices, one per day (any order); the NAV is
 * unchanged since the first day of the run of equal prices that ends the day before `date`.
 */
export function navStaleness(
  price: number,
  history: Array<{ date: string; price: number }>,
  date: string,
  bound: PriceBound,
): StalePrice | null {
  const earlier = history.filter((h) => h.date < date).sort((a, b) => (a.date < b.date ? 1 : -1));
  let since: string | undefined;
  for (const h of earlier) {
    if (Math.abs(h.price - price) > Math.abs(price) * 1e-12) break;
    since = h.date;
  }
  if (!since) return null;
  const days = 'hours' in bound ? Math.floor(bound.hours / 24) : bound.businessDays;
  const n = businessDaysAfter(since, date);
  if (n <= days) return null;
  return { since, reason: `the NAV ${price} has not changed since ${since} (${n} U.S. business days, bound ${boundText(bound)})` };
}

/**
 * A price source the registry marks as refusing to answer once its data is older than its bound
 * (revertsWhenStale) has just refused, in the words `refusal`: the asset's last accepted price,
 * stale since the first day of the run of equal prices that ends with it (the day that price was
 * first accepted), never unknown; with no earlier accepted price, refused with the same why.
 * `history`: the asset's accepted prices before the day, one per day, any order.
 */
export function lastAcceptedPrice(history: Array<{ date: string; price: number }>, refusal: string): PriceCheck {
  const earlier = [...history].sort((a, b) => (a.date < b.date ? 1 : -1));
  const last = earlier[0];
  if (!last) return { ok: false, reason: `${refusal}, and no earlier price was accepted` };
  let since = last.date;
  for (const h of earlier.slice(1)) {
    if (Math.abs(h.price - last.price) > Math.abs(last.price) * 1e-12) break;
    since = h.date;
  }
  return { ok: true, price: last.price, stale: { since, reason: `${refusal}; valued at its last accepted price` } };
}

/** A price read from a NAV contract: positive and finite, or refused. */
export function checkPrice(price: number): PriceCheck {
  if (!Number.isFinite(price) || price <= 0) return { ok: false, reason: `the price ${price} is not a positive number` };
  return { ok: true, price };
}

/** "NAV moved +12.5% in a day (1.00 -> 1.125)" when the move is over 10%, else null. */
export function priceMoveFlag(before: number | null | undefined, now: number | null | undefined): string | null {
  if (!before || !now || before <= 0) return null;
  const move = (now - before) / before;
  if (Math.abs(move) <= PRICE_MOVE_FLAG) return null;
  return `price moved ${move > 0 ? '+' : ''}${(move * 100).toFixed(1)}% in a day (${before} -> ${now})`;
}
