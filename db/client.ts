import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema/index.ts';
import { isLocalFile } from './local-file.ts';

/** The drizzle database; `$client` is the libSQL client under it (db/lock.ts takes it). */
export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

export interface DatabaseConfig {
  url: string;
  authToken?: string;
}

/**
 * Opens a libSQL client. On a local file the busy timeout is given to the client itself
 * (`timeout`), because @libsql/client opens a fresh connection for every transaction and a
 * `PRAGMA busy_timeout` run earlier would not follow it there.
 */
export function openDatabase(config: DatabaseConfig): { client: Client; db: Database } {
  const client = createClient({
    url: config.url,
    authToken: config.authToken,
    timeout: isLocalFile(config.url) ? 10_000 : undefined,
  });
  return { client, db: drizzle(client, { schema }) };
}

/** Per-file settings that persist in the file itself (WAL) or must be asserted once. */
export async function tuneLocalFile(client: Client, url: string) {
  if (!isLocalFile(url)) return;
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute('PRAGMA synchronous = NORMAL');
  await client.execute('PRAGMA foreign_keys = ON');
}
