import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseConfigFromEnv, openDatabase } from '../../../../db/client.ts';
import { ensureDatabaseFolder, migrateDatabase } from '../../../../db/migrate.ts';
import { ensureAdmin, type AdminSeedResult } from './admin.ts';
import { seedAnalytics } from './analytics.ts';
import { seedOnce } from './once.ts';

export const CONTENT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../content');

export interface SetupResult {
  admin: AdminSeedResult;
  seededAnalytics: boolean;
}

/** Migrates the database and fills an empty one: admin user, analytics snapshot (posts and articles: src/lib/server/content/sync.ts). */
export async function prepareDatabase(env: NodeJS.ProcessEnv = process.env, contentDir = CONTENT_DIR): Promise<SetupResult> {
  const config = databaseConfigFromEnv(env);
  ensureDatabaseFolder(config.url);
  const { client, db } = openDatabase(config);
  try {
    await migrateDatabase(db, client, config.url);
    const admin = await ensureAdmin(db, env);
    const seededAnalytics = await seedOnce(db, 'analytics', async () => {
      await seedAnalytics(db, resolve(contentDir, 'data'));
    });
    return { admin, seededAnalytics };
  } finally {
    client.close();
  }
}
