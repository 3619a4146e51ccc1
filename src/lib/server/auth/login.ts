import { eq, sql } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { getDb } from '#lib/server/db/client.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { verifyPassword } from './password.ts';
import { settleSuccessfulLogin, takeLoginAttempt } from './rate-limit.ts';
import type { SessionUser } from './session.ts';

export interface SignedIn extends SessionUser {
  /** Failed sign-ins for this account since its previous sign-in (told to the admin, then reset). */
  failedAttempts: number;
}

/** Checks credentials under the rate limit. Unknown user and wrong password get the same answer and the same cost. */
export async function authenticate(username: string, password: string, address: string): Promise<SignedIn> {
  await takeLoginAttempt(username, address);
  const db = getDb();
  const [user] = await db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, username));
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    // Counted for the account whatever the case it was typed in ('ADMIN' is a try at 'admin').
    await db
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(sql`lower(${users.username}) = lower(${username})`);
    throw new HttpError(401, 'Invalid username or password');
  }
  await settleSuccessfulLogin(username, address);
  // Read and reset under one write lock, so two sign-ins cannot both report the same failures.
  const failedAttempts = await db.transaction(
    async (tx) => {
      const [row] = await tx.select({ n: users.failedLogins }).from(users).where(eq(users.id, user.id));
      if (row && row.n > 0) await tx.update(users).set({ failedLogins: 0 }).where(eq(users.id, user.id));
      return row?.n ?? 0;
    },
    { behavior: 'immediate' },
  );
  return { id: user.id, username: user.username, failedAttempts };
}
