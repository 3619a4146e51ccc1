import type { Database } from '../client.ts';

/** Loads the analytics snapshot from content/data. Filled in by the analytics work. */
export async function seedAnalytics(_db: Database, _dataDir: string) {
  return { loaded: false };
}
