import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  /** Failed sign-ins for this account since its last sign-in: told to the admin at the next one. */
  failedLogins: integer('failed_logins').notNull().default(0),
});

/** A session row never holds the token itself, only its SHA-256 (hex), so a leaked table opens nothing. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** Sign-in time: renewal never carries a session past its absolute lifetime from here. */
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Sign-in attempts per key ('pair:<user>|<address>', 'ip:<address>') in a fixed window. One row per
 * key, counted with a single guarded upsert before the password is checked, so parallel attempts
 * cannot all slip under the limit; refused attempts write nothing and the rows are capped
 * (src/lib/server/auth/rate-limit.ts). In the database, not memory: the limits hold across
 * restarts and serverless instances.
 */
export const loginThrottle = sqliteTable('login_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStart: integer('window_start').notNull(),
});
