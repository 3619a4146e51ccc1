import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import { loginAttempts } from '@db/schema';
import { getDb } from '../db';
import { HttpError } from '../http';

/** Failed sign-ins allowed per window: few per username (guessing one account), more per address (shared NATs). */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perUsername: 5,
  perAddress: 20,
} as const;

export function attemptKeys(username: string, address: string) {
  return { user: `user:${username.toLowerCase()}`, ip: `ip:${address}` };
}

async function failures(key: string, since: Date): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.at, since)));
  return row?.n ?? 0;
}

/** Throws 429 when either the username or the client address has used up its failures in the window. */
export async function assertLoginAllowed(username: string, address: string): Promise<void> {
  const keys = attemptKeys(username, address);
  const since = new Date(Date.now() - LOGIN_LIMITS.windowMs);
  const [byUser, byIp] = await Promise.all([failures(keys.user, since), failures(keys.ip, since)]);
  if (byUser >= LOGIN_LIMITS.perUsername || byIp >= LOGIN_LIMITS.perAddress) {
    const minutes = Math.round(LOGIN_LIMITS.windowMs / 60000);
    throw new HttpError(429, `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`, undefined, {
      'Retry-After': String(LOGIN_LIMITS.windowMs / 1000),
    });
  }
}

export async function recordLoginFailure(username: string, address: string): Promise<void> {
  const keys = attemptKeys(username, address);
  const at = new Date();
  const db = getDb();
  await db.insert(loginAttempts).values([
    { key: keys.user, at },
    { key: keys.ip, at },
  ]);
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(Date.now() - LOGIN_LIMITS.windowMs)));
}

/** A successful sign-in clears the username's failures (the address keeps its count). */
export async function clearLoginFailures(username: string, address: string): Promise<void> {
  const keys = attemptKeys(username, address);
  await getDb().delete(loginAttempts).where(inArray(loginAttempts.key, [keys.user]));
}
