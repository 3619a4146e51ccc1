import { eq, lt, or } from 'drizzle-orm';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { sessions, users } from '#db/schema/index.ts';
import { getDb } from '#lib/server/db/client.ts';

export { SESSION_COOKIE } from './session-cookie.ts';
const DAY = 24 * 60 * 60 * 1000;
const SESSION_LIFETIME_MS = 30 * DAY;
/** However often it is renewed, a session ends this long after sign-in: a stolen cookie does not live forever. */
const SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY;

export interface SessionUser {
  id: number;
  username: string;
}

export interface Session {
  id: string;
  userId: number;
  expiresAt: Date;
}

/** 160 random bits, base32: the only copy of the token is the visitor's cookie. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The id under which a token's session is stored: its SHA-256, so the table alone opens nothing. */
function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(token: string, userId: number): Promise<Session> {
  const now = new Date();
  const session = { id: sessionIdFromToken(token), userId, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) };
  const db = getDb();
  await db.insert(sessions).values({ ...session, createdAt: now });
  // Expired rows are cleared on sign-in, the one moment that already writes to the table.
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS))));
  return session;
}

/**
 * Looks up the session behind a token. Expired sessions are deleted; a session with less than
 * half its lifetime left is extended (sliding renewal) and `renewed` tells the caller to reset the cookie.
 */
export async function validateSessionToken(token: string): Promise<{ session: Session; user: SessionUser; renewed: boolean } | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = sessionIdFromToken(token);
  const db = getDb();
  const rows = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      username: users.username,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  const endOfLife = row.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS;
  if (row.expiresAt.getTime() <= now || endOfLife <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let renewed = false;
  let expiresAt = row.expiresAt;
  if (expiresAt.getTime() - now < SESSION_LIFETIME_MS / 2 && expiresAt.getTime() < endOfLife) {
    expiresAt = new Date(Math.min(now + SESSION_LIFETIME_MS, endOfLife));
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  return { session: { id, userId: row.userId, expiresAt }, user: { id: row.userId, username: row.username }, renewed };
}

export async function invalidateSession(sessionId: string): Promise<void> {
  await getDb().delete(sessions).where(eq(sessions.id, sessionId));
}

/** "Sign out everywhere": every session of the user ends, on every device. */
export async function invalidateUserSessions(userId: number): Promise<number> {
  const deleted = await getDb().delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return deleted.length;
}
