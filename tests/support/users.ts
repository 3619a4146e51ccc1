import { hash } from '@node-rs/argon2';
import { createClient } from '@libsql/client';
import { inject } from 'vitest';

/**
 * Extra accounts written straight into a test server's database (the app creates only the admin):
 * for tests whose sign-ins or sign-outs must not touch the shared admin. Hashed as the app hashes.
 */
export async function createUsers(databaseUrl: string, users: { username: string; password: string }[]): Promise<void> {
  // The sqld lane's server wants its token; a scratch file ignores it (and nothing provides one).
  const db = createClient({ url: databaseUrl, authToken: inject('databaseAuthToken') });
  try {
    const hashes = new Map<string, string>();
    for (const { username, password } of users) {
      if (!hashes.has(password))
        hashes.set(password, await hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }));
      await db.execute({
        sql: 'INSERT INTO users (username, password_hash, created_at) VALUES (?, ?, ?)',
        args: [username, hashes.get(password)!, Date.now()],
      });
    }
  } finally {
    db.close();
  }
}
