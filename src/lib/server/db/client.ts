import { databaseOf, openDatabase, type Database } from '#db/client.ts';
import { config } from '#lib/server/config.ts';
import { watchWrites } from './writes.ts';
import { noteLocalWrite } from './local-writes.ts';
import { retryContended, rollbacksKeepCause } from './contention.ts';
import { passThrough } from './pass-through.ts';

let instance: Database | undefined;

/**
 * Every transaction of this process goes through retryContended (contention.ts): one that lost the
 * shared database's write lock to another instance runs again from the start, and one that cannot
 * get it answers 503, never 500. So a transaction's function may run more than once: it keeps every
 * effect inside the transaction (or resets what it changes outside at its start).
 */
function retryingTransactions(db: Database): Database {
  return passThrough(db, {
    transaction: (...args: Parameters<Database['transaction']>) => retryContended(() => db.transaction(...args)),
  });
}

/**
 * The process-wide database, opened on first use from DATABASE_URL / DATABASE_AUTH_TOKEN at run time.
 * Its writes are noticed (writes.ts) so that the page cache never serves this process's own edit late.
 */
export function getDb(): Database {
  if (!instance) {
    const client = rollbacksKeepCause(openDatabase(config().database).client);
    instance = retryingTransactions(databaseOf(watchWrites(client, noteLocalWrite)));
  }
  return instance;
}
