import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseConfig } from '#db/client.ts';
import { ensureDatabaseFolder, migrateDatabase, SchemaTooNewError } from '#db/migrate.ts';
import { LockTimeoutError, withDatabaseLock } from '#db/lock.ts';
import { installChangeCounter } from '#db/change-counter.ts';
import { ensureAdmin, type AdminSeedResult, type AdminCredentials } from './admin.ts';
import { seedAnalytics } from './analytics.ts';
import { seedOnce } from './once.ts';
import { rebuildReadModel } from '#lib/server/ingest/publish.ts';
import { loadRegistry, registryPath } from '#lib/server/ingest/registry.ts';

const CONTENT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../content');

export interface SetupResult {
  admin: AdminSeedResult;
  seededAnalytics: boolean;
}

/**
 * Migrates the database and fills an empty one: admin user, analytics snapshot (posts and articles:
 * src/lib/server/content/sync.ts). Under the database's own lock: instances starting at once on one
 * database (two servers on a libSQL server, a build beside them) migrate and seed it once.
 */
export async function prepareDatabase(
  { database: config, admin: credentials }: { database: DatabaseConfig; admin: AdminCredentials },
  contentDir = CONTENT_DIR,
): Promise<SetupResult> {
  ensureDatabaseFolder(config.url);
  const { client, db } = openDatabase(config);
  try {
    return await withDatabaseLock(client, 'setup', async () => {
      await migrateDatabase(db, client, config.url);
      await installChangeCounter(client);
      const admin = await ensureAdmin(db, credentials);
      const seededAnalytics = await seedOnce(db, 'analytics', async () => {
        await seedAnalytics(db, resolve(contentDir, 'data'));
      });
      // A database published before the read model: build it from its last published run (once).
      await rebuildReadModel(db, () => loadRegistry(registryPath(process.env)));
      return { admin, seededAnalytics };
    });
  } finally {
    client.close();
  }
}

/** prepareDatabase for a start: a schema newer than the code, or a lock never released, is one line and exit 1. */
export async function prepareDatabaseOrExit(...args: Parameters<typeof prepareDatabase>): Promise<SetupResult> {
  try {
    return await prepareDatabase(...args);
  } catch (error) {
    if (!(error instanceof SchemaTooNewError || error instanceof LockTimeoutError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
