import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { users } from '#db/schema/index.ts';

export interface AdminSeedResult {
  created: boolean;
  username?: string;
  /** Only when the password was generated here: it is shown once and never stored in clear. */
  generatedPassword?: string;
}

/** ADMIN_USERNAME / ADMIN_PASSWORD, as read by src/lib/server/config.ts. */
export interface AdminCredentials {
  username?: string;
  password?: string;
}

/** Creates the one admin when the users table is empty: from ADMIN_USERNAME/ADMIN_PASSWORD, or 'admin' with a random password. */
export async function ensureAdmin(db: Database, credentials: AdminCredentials): Promise<AdminSeedResult> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return { created: false };
  const username = credentials.username?.trim() || 'admin';
  const given = credentials.password;
  const password = given || randomBytes(12).toString('base64url');
  // Loaded only here: a start on a database that has its admin (every start but the first) never
  // hashes, and argon2's native module cost each of them some 40 ms of CPU to load.
  const { hashPassword } = await import('#lib/server/auth/password.ts');
  await db.insert(users).values({
    username,
    passwordHash: await hashPassword(password),
    createdAt: new Date(),
  });
  return { created: true, username, generatedPassword: given ? undefined : password };
}
