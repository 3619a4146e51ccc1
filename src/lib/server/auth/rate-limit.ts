import { sql } from 'drizzle-orm';
import { getDb } from '#lib/server/db.ts';
import { HttpError } from '#lib/server/http.ts';

/**
 * Sign-in attempts allowed per 15-minute window. Counted per username *and* address, so a guesser
 * at one address locks only itself out, never the real admin at another; per address across
 * usernames (one machine spraying many accounts); and a far higher per-username ceiling across
 * all addresses, so that a guesser with many addresses still gets only a few tries a minute.
 */
const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perUserAndAddress: 5,
  perAddress: 20,
  perUsername: 50,
} as const;

const minutes = Math.round(LOGIN_LIMITS.windowMs / 60000);
const retryAfter = { 'Retry-After': String(LOGIN_LIMITS.windowMs / 1000) };

function attemptKeys(username: string, address: string) {
  const user = username.toLowerCase();
  return { pair: `pair:${user}|${address}`, user: `user:${user}`, ip: `ip:${address}` };
}

/**
 * Counts this attempt against all three limits in one statement (an upsert per key, RETURNING the
 * new counts) *before* the password is checked, and throws 429 when any is past its limit. Being a
 * single statement, parallel attempts each see a distinct count: at most the limit get checked.
 */
export async function takeLoginAttempt(username: string, address: string): Promise<void> {
  const keys = attemptKeys(username, address);
  const now = Date.now();
  const windowStart = now - LOGIN_LIMITS.windowMs;
  const rows = await getDb().all<{ key: string; attempts: number }>(sql`
    INSERT INTO login_throttle (key, attempts, window_start)
    VALUES (${keys.pair}, 1, ${now}), (${keys.user}, 1, ${now}), (${keys.ip}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN window_start <= ${windowStart} THEN 1 ELSE attempts + 1 END,
      window_start = CASE WHEN window_start <= ${windowStart} THEN ${now} ELSE window_start END
    RETURNING key, attempts`);
  // Now and then, sweep windows that have ended (keys sprayed by a guesser would otherwise stay).
  if (Math.random() < 0.05) await getDb().run(sql`DELETE FROM login_throttle WHERE window_start <= ${windowStart}`);
  const count = (key: string) => Number(rows.find((r) => r.key === key)?.attempts ?? 0);
  if (count(keys.pair) > LOGIN_LIMITS.perUserAndAddress || count(keys.ip) > LOGIN_LIMITS.perAddress) {
    throw new HttpError(
      429,
      `Too many failed sign-in attempts from your address. Please wait ${minutes} minutes and try again.`,
      undefined,
      retryAfter,
    );
  }
  if (count(keys.user) > LOGIN_LIMITS.perUsername) {
    throw new HttpError(
      429,
      `Too many failed sign-in attempts for this account from many addresses. Sign-in is paused for ${minutes} minutes; please try again then.`,
      undefined,
      retryAfter,
    );
  }
}

/**
 * A successful sign-in: this address starts afresh for this username, and the attempt is not held
 * against the account or the address. Old windows are swept here, a moment that already writes.
 */
export async function settleSuccessfulLogin(username: string, address: string): Promise<void> {
  const keys = attemptKeys(username, address);
  const db = getDb();
  await db.run(sql`DELETE FROM login_throttle WHERE key = ${keys.pair} OR window_start <= ${Date.now() - LOGIN_LIMITS.windowMs}`);
  await db.run(sql`UPDATE login_throttle SET attempts = max(attempts - 1, 0) WHERE key IN (${keys.user}, ${keys.ip})`);
}
