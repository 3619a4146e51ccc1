/**
 * Prices that hold (issue 19.3): a feed answer is refused when it is zero or negative, or older
 * than the asset's bound when the day closed (Chainlink's `updatedAt`); a NAV over 10% away from
 * the day before is flagged (rwa.xyz's data-quality rule), kept but marked on the asset.
 */

/** A daily move above this fraction is flagged. */
const PRICE_MOVE_FLAG = 0.1;
/** Default age bound of a feed answer: a day's heartbeat plus two hours. */
const DEFAULT_PRICE_MAX_AGE_HOURS = 26;

export type PriceCheck = { ok: true; price: number } | { ok: false; reason: string };

/**
 * A Chainlink-style answer at the day's close: `answer` with `decimals` decimals, updated at
 * `updatedAt` (seconds), read at a block of time `closeMs`.
 */
export function checkFeedAnswer(
  answer: bigint,
  decimals: number,
  updatedAt: bigint,
  closeMs: number,
  maxAgeHours = DEFAULT_PRICE_MAX_AGE_HOURS,
): PriceCheck {
  if (answer <= 0n) return { ok: false, reason: `the feed answered ${answer === 0n ? 'zero' : 'a negative price'} (${answer})` };
  const ageHours = (closeMs - Number(updatedAt) * 1000) / 3_600_000;
  if (updatedAt === 0n || ageHours > maxAgeHours)
    return {
      ok: false,
      reason: `the feed's answer is stale: updated ${updatedAt === 0n ? 'never' : `${ageHours.toFixed(1)} h`} before the close, bound ${maxAgeHours} h`,
    };
  return checkPrice(Number(answer) / 10 ** decimals);
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
