import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseConfig } from './client.ts';
import { ensureDatabaseFolder, migrateDatabase } from './migrate.ts';
import { installChangeCounter } from './change-counter.ts';
import { ensureAdmin, type AdminSeedResult, type AdminCredentials } from './seed/admin.ts';
import { seedContent } from './seed/content.ts';
import { seedAnalytics } from './seed/analytics.ts';
import { seedOnce } from './seed/once.ts';

export const CONTENT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'content');

export interface SetupResult {
  admin: AdminSeedResult;
  seededContent: boolean;
  seededAnalytics: boolean;
}

/** Migrates the database and fills an empty one: admin user, starter content, analytics snapshot. */
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
    const seededContent = await seedOnce(db, 'content', async () => {
      await seedContent(db, contentDir);
    });
    const seededAnalytics = await seedOnce(db, 'analytics', async () => {
      await seedAnalytics(db, resolve(contentDir, 'data'));
    });
    return { admin, seededContent, seededAnalytics };
  } finally {
    client.close();
  }
}
