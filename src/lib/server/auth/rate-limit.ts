import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import { getDb } from '#lib/server/db/client.ts';
import { HttpError } from '#lib/server/http/http-error.ts';

/**
 * Sign-in attempts checked per 15-minute window: per account *and* address, so a guesser at one
 * address slows only itself on that account; and per address across accounts (one machine spraying
 * many names). There is deliberately no ceiling per account across all addresses: anyone could
 * fill it and lock the owner out. Guessing speed grows only with the addresses a guesser
 * holds (an IPv6 /64 counts as one), and the owner is told at the next sign-in how many tries failed.
 */
const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perUserAndAddress: 5,
  perAddress: 20,
} as const;

/**
 * The throttle table's most rows. One address makes at most perAddress + 1 rows a window (refused
 * attempts make none), so only a guesser with about 500 addresses reaches the cap; past it the
 * oldest windows are dropped first, the ones closest to ending anyway.
 */
export const LOGIN_THROTTLE_MAX_ROWS = 10_000;

const minutes = Math.round(LOGIN_LIMITS.windowMs / 60000);
const retryAfter = { 'Retry-After': String(LOGIN_LIMITS.windowMs / 1000) };

/** An IPv6 address's /64 (what one customer line or host is given), written out in full; other addresses as they are. */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.toLowerCase().split('%')[0].split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = address.includes('::') ? groups(tail) : [];
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) is two groups, all past the /64.
  const width = (g: string[]) => g.reduce((n, x) => n + (x.includes('.') ? 2 : 1), 0);
  const full = [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}

function attemptKeys(username: string, address: string) {
  const user = username.toLowerCase();
  const from = addressBucket(address);
  return { pair: `pair:${user}|${from}`, ip: `ip:${from}` };
}

const tooMany = () =>
  new HttpError(
    429,
    `Too many failed sign-in attempts from your address. Please wait ${minutes} minutes and try again.`,
    undefined,
    retryAfter,
  );

/**
 * Counts this attempt against both limits before the password is checked, and throws 429 when
 * either is already used up. A refused attempt counts nowhere and writes nothing: the limits are
 * read first, and the count is raised by one guarded statement (insert-or-increment both keys
 * only if neither is at its limit), so parallel attempts each see a distinct count and at most
 * the limit get checked. The right password from an address that is not itself throttled is
 * always checked.
 */
export async function takeLoginAttempt(username: string, address: string): Promise<void> {
  const keys = attemptKeys(username, address);
  const now = Date.now();
  const windowStart = now - LOGIN_LIMITS.windowMs;
  const db = getDb();
  const used = await db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM login_throttle WHERE window_start > ${windowStart} AND (
      (key = ${keys.pair} AND attempts >= ${LOGIN_LIMITS.perUserAndAddress}) OR
      (key = ${keys.ip} AND attempts >= ${LOGIN_LIMITS.perAddress}))`);
  if (Number(used[0]?.n ?? 0) > 0) throw tooMany();
  const counted = await db.all<{ attempts: number }>(sql`
    INSERT INTO login_throttle (key, attempts, window_start)
    SELECT column1, 1, ${now} FROM (VALUES (${keys.pair}), (${keys.ip}))
    WHERE NOT EXISTS (
      SELECT 1 FROM login_throttle WHERE window_start > ${windowStart} AND (
        (key = ${keys.pair} AND attempts >= ${LOGIN_LIMITS.perUserAndAddress}) OR
        (key = ${keys.ip} AND attempts >= ${LOGIN_LIMITS.perAddress})))
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN window_start <= ${windowStart} THEN 1 ELSE attempts + 1 END,
      window_start = CASE WHEN window_start <= ${windowStart} THEN ${now} ELSE window_start END
    RETURNING attempts`);
  // No row written: a parallel attempt used the last try between the read and the write.
  if (counted.length === 0) throw tooMany();
  // A count of 1 is a new (or restarted) row: the moment to sweep ended windows and hold the cap.
  if (counted.some((r) => Number(r.attempts) === 1)) await sweep(windowStart);
}

/** Drops ended windows, then the oldest rows past the cap. */
async function sweep(windowStart: number): Promise<void> {
  await getDb().run(sql`
    DELETE FROM login_throttle WHERE window_start <= ${windowStart} OR key IN (
      SELECT key FROM login_throttle ORDER BY window_start DESC, key LIMIT -1 OFFSET ${LOGIN_THROTTLE_MAX_ROWS})`);
}

/**
 * A successful sign-in: this address starts afresh for this account, and the attempt is not held
 * against the address.
 */
export async function settleSuccessfulLogin(username: string, address: string): Promise<void> {
  const keys = attemptKeys(username, address);
  const db = getDb();
  await db.run(sql`DELETE FROM login_throttle WHERE key = ${keys.pair}`);
  await db.run(sql`UPDATE login_throttle SET attempts = max(attempts - 1, 0) WHERE key = ${keys.ip}`);
}
