import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Client } from '@libsql/client';
import type { Database } from './client.ts';
import { isLocalFile, tuneLocalFile } from './client.ts';

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Makes sure the folder of a local database file exists (file:./data/app.db on a fresh clone). */
export function ensureDatabaseFolder(url: string) {
  if (!isLocalFile(url)) return;
  const path = url.slice('file:'.length);
  if (path && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
}

/** Applies the committed SQL migrations from db/migrations that the database has not seen. */
export async function migrateDatabase(db: Database, client: Client, url: string) {
  await tuneLocalFile(client, url);
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
