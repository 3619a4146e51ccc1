import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseConfig } from '../../../../db/client.ts';
import { ensureDatabaseFolder, migrateDatabase } from '../../../../db/migrate.ts';
import { installChangeCounter } from '../../../../db/change-counter.ts';
import { ensureAdmin, type AdminSeedResult, type AdminCredentials } from './admin.ts';
import { seedAnalytics } from './analytics.ts';
import { seedOnce } from './once.ts';

export const CONTENT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../content');

export interface SetupResult {
  admin: AdminSeedResult;
  seededAnalytics: boolean;
}

/** Migrates the database and fills an empty one: admin user, analytics snapshot (posts and articles: src/lib/server/content/sync.ts). */
export async function prepareDatabase(
  { database: config, admin: credentials }: { database: DatabaseConfig; admin: AdminCredentials },
  contentDir = CONTENT_DIR,
): Promise<SetupResult> {
  ensureDatabaseFolder(config.url);
  const { client, db } = openDatabase(config);
  try {
    await migrateDatabase(db, client, config.url);
    await installChangeCounter(client);
    const admin = await ensureAdmin(db, credentials);
    const seededAnalytics = await seedOnce(db, 'analytics', async () => {
      await seedAnalytics(db, resolve(contentDir, 'data'));
    });
    return { admin, seededAnalytics };
  } finally {
    client.close();
  }
}
