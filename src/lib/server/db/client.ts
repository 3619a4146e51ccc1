import { drizzle } from 'drizzle-orm/libsql';
import { openDatabase, type Database } from '#db/client.ts';
import * as schema from '#db/schema/index.ts';
import { config } from '#lib/server/config.ts';
import { watchWrites } from './writes.ts';
import { noteLocalWrite } from './local-writes.ts';

let instance: Database | undefined;

/**
 * The process-wide database, opened on first use from DATABASE_URL / DATABASE_AUTH_TOKEN at run time.
 * Its writes are noticed (writes.ts) so that the page cache never serves this process's own edit late.
 */
export function getDb(): Database {
  instance ??= drizzle(watchWrites(openDatabase(config().database).client, noteLocalWrite), { schema });
  return instance;
}
