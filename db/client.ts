import type { Client } from '@libsql/client';
import type { DrizzleConfig } from 'drizzle-orm';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import * as driverCore from 'drizzle-orm/libsql/driver-core';
import * as schema from './schema/index.ts';
import { deferredClient } from './deferred-client.ts';
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
  const client = deferredClient({
    url: config.url,
    authToken: config.authToken,
    timeout: isLocalFile(config.url) ? 10_000 : undefined,
  });
  return { client, db: databaseOf(client) };
}

/**
 * drizzle's libSQL database over a client made elsewhere: what `drizzle(client, config)` of
 * 'drizzle-orm/libsql' does, without that entry's import of every libSQL driver (deferred-client.ts).
 * drizzle-orm exports `construct` here (it is what each of its libSQL entries calls) but declares
 * only the class.
 */
const { construct } = driverCore as unknown as {
  construct: (client: Client, config: DrizzleConfig<typeof schema>) => Database;
};

/** The drizzle database over a libSQL client (one opened here, or one wrapped to add a behaviour). */
export const databaseOf = (client: Client): Database => construct(client, { schema });

/** Per-file settings that persist in the file itself (WAL) or must be asserted once. */
export async function tuneLocalFile(client: Client, url: string) {
  if (!isLocalFile(url)) return;
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute('PRAGMA synchronous = NORMAL');
  await client.execute('PRAGMA foreign_keys = ON');
}
