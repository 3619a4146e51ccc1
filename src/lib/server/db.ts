import { openDatabase, type Database } from '@db/client';
import { config } from './config';

let instance: Database | undefined;

/** The process-wide database, opened on first use from DATABASE_URL / DATABASE_AUTH_TOKEN at run time. */
export function getDb(): Database {
  instance ??= openDatabase(config().database).db;
  return instance;
}
