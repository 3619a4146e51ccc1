/**
 * Notices this process's writes to the database, so the page cache (response-cache.ts) can keep the
 * change counter of a remote database in memory for a moment without ever serving this process's own
 * edit late: a write made here drops the kept counter as soon as it is committed. Wraps the libSQL
 * client (passThrough: every other property passes through unchanged).
 */
import type { Client, InArgs, InStatement, Transaction, TransactionMode } from '@libsql/client';
import { passThrough } from './pass-through.ts';

const sqlOf = (stmt: InStatement) => (typeof stmt === 'string' ? stmt : stmt.sql);
/** Anything but a plain SELECT may write (an INSERT, a PRAGMA with a value, a WITH ... UPDATE): counted as one. */
export const mayWrite = (stmt: InStatement) => !/^\s*select\b/i.test(sqlOf(stmt));

export function watchWrites(client: Client, onWrite: () => void): Client {
  const after = async <T>(run: Promise<T>, wrote: boolean): Promise<T> => {
    try {
      return await run;
    } finally {
      if (wrote) onWrite();
    }
  };
  const watchTransaction = (tx: Transaction): Transaction => passThrough(tx, { commit: () => after(tx.commit(), true) });
  return passThrough(client, {
    execute: (stmt: InStatement, args?: InArgs) =>
      after(typeof stmt === 'string' ? client.execute(stmt, args) : client.execute(stmt), mayWrite(stmt)),
    batch: (stmts: InStatement[], mode?: TransactionMode) => after(client.batch(stmts, mode), mode !== 'read' && stmts.some(mayWrite)),
    executeMultiple: (sql: string) => after(client.executeMultiple(sql), true),
    migrate: (stmts: InStatement[]) => after(client.migrate(stmts), true),
    transaction: async (mode?: TransactionMode) => {
      const tx = await client.transaction(mode);
      return mode === 'read' ? tx : watchTransaction(tx);
    },
  });
}
