import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { prepareDatabase } from '#lib/server/setup/prepare.ts';

export interface ScratchDatabase {
  db: Database;
  /** The scratch folder (the database file is app.db in it). */
  dir: string;
  url: string;
}

/**
 * A libSQL file of the calling test file's own, in a scratch folder: migrated (or, with `prepare`,
 * set up as a start sets it up: migrated and seeded with an admin) before its tests, closed and
 * removed after them. Read it inside a test: `const scratch = useScratchDatabase('lock'); … scratch().db`.
 */
export function useScratchDatabase(prefix: string, options: { prepare?: boolean } = {}): () => ScratchDatabase {
  let current: ScratchDatabase | undefined;
  let close = () => {};
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), `rwa-${prefix}-`));
    const url = `file:${join(dir, 'app.db')}`;
    if (options.prepare) await prepareDatabase({ database: { url }, admin: { password: 'a-long-enough-password' } });
    const opened = openDatabase({ url });
    if (!options.prepare) await migrateDatabase(opened.db, opened.client, url);
    close = () => opened.client.close();
    current = { db: opened.db, dir, url };
  });
  afterAll(() => {
    close();
    if (current) rmSync(current.dir, { recursive: true, force: true });
  });
  return () => {
    if (!current) throw new Error('the scratch database is set up in beforeAll: read it inside a test');
    return current;
  };
}
