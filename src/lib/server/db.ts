import { openDatabase, type Database } from '@db/client.ts';
import { config } from './config.ts';

let instance: Database | undefined;

/** The process-wide database, opened on first use from DATABASE_URL / DATABASE_AUTH_TOKEN at run time. */
export function getDb(): Database {
  instance ??= openDatabase(config().database).db;
  return instance;
}
