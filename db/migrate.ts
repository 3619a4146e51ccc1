import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Client } from '@libsql/client';
import type { Database } from './client.ts';
import { tuneLocalFile } from './client.ts';
import { isLocalFile } from './local-file.ts';
import { rowText } from './row-text.ts';

const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Drizzle's own record of the migrations a database has seen. */
const JOURNAL_TABLE = '__drizzle_migrations';

/** Makes sure the folder of a local database file exists (file:./data/app.db on a fresh clone). */
export function ensureDatabaseFolder(url: string) {
  if (!isLocalFile(url)) return;
  const path = url.slice('file:'.length);
  if (path && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
}

/** The database was migrated by newer code than this: starting would run old queries on a new schema. */
export class SchemaTooNewError extends Error {}

/**
 * Pure: given the migrations this code ships (hash, time) and the ones the database records, the
 * one-line reason to refuse, or null. A recorded migration this code does not know (by hash) that is
 * newer than its last one means a newer release migrated the database.
 */
export function schemaTooNew(
  known: { hash: string; folderMillis: number }[],
  applied: { hash: string; createdAt: number }[],
): string | null {
  const hashes = new Set(known.map((m) => m.hash));
  const last = Math.max(0, ...known.map((m) => m.folderMillis));
  const unknown = applied.filter((m) => !hashes.has(m.hash) && m.createdAt > last);
  if (!unknown.length) return null;
  const newest = new Date(Math.max(...unknown.map((m) => m.createdAt))).toISOString();
  return `The database schema is newer than this code (${unknown.length} migration(s) up to ${newest} unknown here): deploy the newer code, or restore a backup taken before it.`;
}

async function appliedMigrations(client: Client): Promise<{ hash: string; createdAt: number }[]> {
  const exists = await client.execute({ sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", args: [JOURNAL_TABLE] });
  if (!exists.rows.length) return [];
  const rs = await client.execute(`SELECT hash, created_at FROM ${JOURNAL_TABLE}`);
  return rs.rows.map((r) => ({ hash: rowText(r.hash), createdAt: Number(r.created_at) }));
}

/** Throws SchemaTooNewError when a newer release has migrated this database. */
async function assertSchemaNotNewer(client: Client): Promise<void> {
  const reason = schemaTooNew(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }), await appliedMigrations(client));
  if (reason) throw new SchemaTooNewError(reason);
}

/**
 * Applies the committed SQL migrations from db/migrations that the database has not seen, and
 * returns their tags when the database was already in use (a migration that rewrote what answers
 * show asks for a CDN purge). The
 * caller holds the database lock (src/lib/server/setup/prepare.ts), so concurrent starts apply
 * them once.
 */
export async function migrateDatabase(db: Database, client: Client, url: string): Promise<string[]> {
  await tuneLocalFile(client, url);
  await assertSchemaNotNewer(client);
  const before = new Set((await appliedMigrations(client)).map((m) => m.createdAt));
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // A database with no migration before served nothing yet: none of this start's migrations rewrote an answer.
  return before.size ? newlyApplied(before) : [];
}

/** The tags (`0012_scrub_configured_urls`) of the migrations this code ships that were not applied before. */
function newlyApplied(before: Set<number>): string[] {
  const journal = JSON.parse(readFileSync(resolve(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.filter((e) => !before.has(e.when)).map((e) => e.tag);
}
