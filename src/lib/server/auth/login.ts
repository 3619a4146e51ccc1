import { eq } from 'drizzle-orm';
import { users } from '@db/schema';
import { getDb } from '../db';
import { HttpError } from '../http';
import { verifyPassword } from './password';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './rate-limit';
import type { SessionUser } from './session';

/** Checks credentials under the rate limit. Unknown user and wrong password get the same answer and the same cost. */
export async function authenticate(username: string, password: string, address: string): Promise<SessionUser> {
  await assertLoginAllowed(username, address);
  const [user] = await getDb()
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, username));
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await recordLoginFailure(username, address);
    throw new HttpError(401, 'Invalid username or password');
  }
  await clearLoginFailures(username, address);
  return { id: user.id, username: user.username };
}
